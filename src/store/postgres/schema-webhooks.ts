// Step 10: webhook endpoints, the event outbox, deliveries and the go-live sweep.

export const webhooksSteps: readonly [string] = [
  // 10 (webhooks): endpoints, the outbox of events and their deliveries, what receivers
  // were last told of each post, and how far go-lives have been swept. Posts visible now are
  // recorded as told (receivers of endpoints made from now on never heard of them otherwise).
  `
  CREATE TABLE webhook_endpoints (
    id              TEXT COLLATE "C" PRIMARY KEY,
    url             TEXT NOT NULL,
    publication_id  TEXT COLLATE "C" REFERENCES publications (id) ON DELETE CASCADE,
    events          TEXT,
    include_content BOOLEAN NOT NULL DEFAULT false,
    secret          TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    disabled_at     BIGINT,
    disabled_reason TEXT
  );

  CREATE TABLE webhook_posts (
    post_id        TEXT COLLATE "C" PRIMARY KEY,
    publication_id TEXT COLLATE "C" NOT NULL,
    slug           TEXT COLLATE "C" NOT NULL,
    visible        BOOLEAN NOT NULL,
    meta_hash      TEXT,
    html_hash      TEXT
  );

  CREATE TABLE webhook_events (
    id             TEXT COLLATE "C" PRIMARY KEY,
    type           TEXT NOT NULL,
    post_id        TEXT COLLATE "C" NOT NULL,
    publication_id TEXT COLLATE "C" NOT NULL,
    created_at     BIGINT NOT NULL,
    payload        TEXT NOT NULL,
    content        TEXT
  );

  CREATE TABLE webhook_deliveries (
    seq             BIGSERIAL PRIMARY KEY,
    id              TEXT COLLATE "C" NOT NULL UNIQUE,
    event_id        TEXT COLLATE "C" NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id     TEXT COLLATE "C" NOT NULL
                      REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    post_id         TEXT COLLATE "C" NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    retry_since     BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    lease_until     BIGINT NOT NULL DEFAULT 0,
    lease_owner     TEXT,
    last_attempt_at BIGINT,
    last_status     INTEGER,
    last_error      TEXT,
    delivered_at    BIGINT
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_post_order ON webhook_deliveries (endpoint_id, post_id, seq)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
  CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

  CREATE TABLE webhook_sweep (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    swept_until BIGINT NOT NULL
  );
  INSERT INTO webhook_sweep (id, swept_until)
    VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
  INSERT INTO webhook_posts (post_id, publication_id, slug, visible)
    SELECT id, publication_id, slug, true FROM posts
     WHERE status = 'published'
       AND published_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  `,
];
