// Step 10: webhook endpoints, the event outbox, deliveries and the go-live sweep.

export const webhooksSteps: readonly [string] = [
  // 10 (webhooks): endpoints, the outbox of events and their deliveries, what receivers
  // were last told of each post, and how far go-lives have been swept. Posts visible now are
  // recorded as told (receivers of endpoints made from now on never heard of them otherwise).
  `
  CREATE TABLE webhook_endpoints (
    id              TEXT PRIMARY KEY,
    url             TEXT NOT NULL,
    publication_id  TEXT REFERENCES publications (id) ON DELETE CASCADE,
    events          TEXT,
    include_content INTEGER NOT NULL DEFAULT 0,
    secret          TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    disabled_at     INTEGER,
    disabled_reason TEXT
  ) STRICT;

  CREATE TABLE webhook_posts (
    post_id        TEXT PRIMARY KEY,
    publication_id TEXT NOT NULL,
    slug           TEXT NOT NULL,
    visible        INTEGER NOT NULL,
    meta_hash      TEXT,
    html_hash      TEXT
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE webhook_events (
    id             TEXT PRIMARY KEY,
    type           TEXT NOT NULL,
    post_id        TEXT NOT NULL,
    publication_id TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    payload        TEXT NOT NULL,
    content        TEXT
  ) STRICT;

  CREATE TABLE webhook_deliveries (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    event_id        TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id     TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    post_id         TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    retry_since     INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    lease_until     INTEGER NOT NULL DEFAULT 0,
    lease_owner     TEXT,
    last_attempt_at INTEGER,
    last_status     INTEGER,
    last_error      TEXT,
    delivered_at    INTEGER
  ) STRICT;
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_post_order ON webhook_deliveries (endpoint_id, post_id, seq)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
  CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

  CREATE TABLE webhook_sweep (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    swept_until INTEGER NOT NULL
  ) STRICT;
  INSERT INTO webhook_sweep (id, swept_until)
    VALUES (1, CAST(unixepoch('subsec') * 1000 AS INTEGER));
  INSERT INTO webhook_posts (post_id, publication_id, slug, visible)
    SELECT id, publication_id, slug, 1 FROM posts
     WHERE status = 'published' AND published_at <= CAST(unixepoch('subsec') * 1000 AS INTEGER);
  `,
];
