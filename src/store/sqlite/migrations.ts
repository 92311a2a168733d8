// Versioned schema steps for the SQLite store. Append only: a released step never changes.

export const migrations: readonly string[] = [
  `
  CREATE TABLE publications (
    id   TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
  ) STRICT;

  CREATE TABLE authors (
    id                  TEXT PRIMARY KEY,
    publication_id      TEXT NOT NULL REFERENCES publications (id),
    name                TEXT NOT NULL,
    wallet_address      TEXT,
    avatar_url          TEXT,
    bio                 TEXT,
    social_username     TEXT,
    social_display_name TEXT,
    social_fid          INTEGER
  ) STRICT;

  -- Content columns come last: a read without content never touches their overflow pages.
  CREATE TABLE posts (
    id               TEXT PRIMARY KEY,
    publication_id   TEXT NOT NULL REFERENCES publications (id),
    slug             TEXT NOT NULL,
    title            TEXT NOT NULL,
    subtitle         TEXT,
    image_url        TEXT,
    status           TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
    published_at     INTEGER,
    updated_at       INTEGER NOT NULL,
    coin_id          TEXT,
    renderer_version INTEGER NOT NULL,
    content_json     TEXT NOT NULL,
    static_html      TEXT NOT NULL,
    markdown         TEXT NOT NULL,
    UNIQUE (publication_id, slug)
  ) STRICT;

  CREATE TABLE post_authors (
    post_id   TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    author_id TEXT NOT NULL REFERENCES authors (id),
    PRIMARY KEY (post_id, position)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX post_authors_by_author ON post_authors (author_id);

  CREATE TABLE post_categories (
    post_id  TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (post_id, position)
  ) STRICT, WITHOUT ROWID;
  `, // 2: go-live timers and visible-post lists find published posts by time.
  `CREATE INDEX posts_by_status_time ON posts (status, published_at);`,
  // 3 (issue 11, authoring): what an API write keeps on a post, and the order of a
  // publication's own list (newest first: when the post was first stored).
  `
  ALTER TABLE posts ADD COLUMN post_preview TEXT;
  ALTER TABLE posts ADD COLUMN send_newsletter INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE posts ADD COLUMN created_at INTEGER;
  UPDATE posts SET created_at = coalesce(published_at, updated_at);
  CREATE INDEX posts_by_publication_created ON posts (publication_id, created_at, id);
  `,
  // 4 (issue 11, authoring): API keys, stored as hashes only.
  `
  CREATE TABLE api_keys (
    id             TEXT PRIMARY KEY,
    publication_id TEXT NOT NULL REFERENCES publications (id),
    name           TEXT,
    hash           TEXT NOT NULL UNIQUE,
    hint           TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    revoked_at     INTEGER
  ) STRICT;
  `,
  // 5 (issue 11, authoring): slug history. Every write path (import or API) records a
  // rename here, so the triggers, not each writer, keep it; a slug a post takes leaves
  // any history that held it (a live slug always wins).
  `
  CREATE TABLE post_slug_history (
    publication_id TEXT NOT NULL REFERENCES publications (id),
    slug           TEXT NOT NULL,
    post_id        TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    PRIMARY KEY (publication_id, slug)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX post_slug_history_by_post ON post_slug_history (post_id);
  CREATE TRIGGER posts_slug_taken AFTER INSERT ON posts BEGIN
    DELETE FROM post_slug_history WHERE publication_id = NEW.publication_id AND slug = NEW.slug;
  END;
  CREATE TRIGGER posts_slug_renamed AFTER UPDATE OF slug, publication_id ON posts
    WHEN OLD.slug <> NEW.slug OR OLD.publication_id <> NEW.publication_id BEGIN
    DELETE FROM post_slug_history WHERE publication_id = NEW.publication_id AND slug = NEW.slug;
    DELETE FROM post_slug_history WHERE publication_id = OLD.publication_id AND slug = OLD.slug;
    INSERT INTO post_slug_history (publication_id, slug, post_id)
      VALUES (OLD.publication_id, OLD.slug, OLD.id);
  END;
  `,
  // 6 (issue 11, authoring): Idempotency-Key answers (24 hours) and page views.
  `
  CREATE TABLE idempotency_keys (
    publication_id TEXT NOT NULL,
    key            TEXT NOT NULL,
    request_hash   TEXT NOT NULL,
    answer         TEXT,
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (publication_id, key)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
  CREATE TABLE post_views (
    post_id TEXT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    views   INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  `,
  // 7 (issue 12, discovery): the original service's publication fields; users by wallet.
  `
  ALTER TABLE publications ADD COLUMN owner_user_id TEXT;
  ALTER TABLE publications ADD COLUMN custom_domain TEXT;
  ALTER TABLE publications ADD COLUMN custom_domain_host TEXT;
  ALTER TABLE publications ADD COLUMN summary TEXT;
  ALTER TABLE publications ADD COLUMN logo_url TEXT;
  CREATE INDEX publications_by_domain ON publications (custom_domain_host, id);
  CREATE INDEX authors_by_publication ON authors (publication_id, id);
  CREATE INDEX authors_by_wallet ON authors (lower(wallet_address), id);
  `,
  // 8 (issue 12, discovery): keyset-paged lists, newest first. Each list is one index range
  // in (published_at, id) order, so a page costs the same however deep it is. Category
  // rows carry their post's status and time for the same reason, kept equal by a trigger.
  `
  CREATE INDEX posts_by_publication_time ON posts (publication_id, status, published_at, id);
  CREATE INDEX posts_by_time ON posts (status, published_at, id);
  DROP INDEX posts_by_status_time;
  ALTER TABLE post_categories ADD COLUMN status TEXT;
  ALTER TABLE post_categories ADD COLUMN published_at INTEGER;
  UPDATE post_categories SET (status, published_at) =
    (SELECT p.status, p.published_at FROM posts p WHERE p.id = post_categories.post_id);
  CREATE INDEX post_categories_by_tag ON post_categories (name, status, published_at, post_id);
  CREATE TRIGGER posts_sync_categories AFTER UPDATE OF status, published_at ON posts
    WHEN OLD.status IS NOT NEW.status OR OLD.published_at IS NOT NEW.published_at
  BEGIN
    UPDATE post_categories SET status = NEW.status, published_at = NEW.published_at
     WHERE post_id = NEW.id;
  END;
  -- The key list cursors are signed with: one per store, so every node accepts every cursor.
  CREATE TABLE folio_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
  INSERT INTO folio_keys (name, value) VALUES ('cursor', lower(hex(randomblob(32))));
  `,
  // 9 (issue 12, discovery): full-text search (FTS5), kept by triggers inside every write's
  // transaction. Contentless: the text lives in posts and publications only. FTS rows are
  // keyed by an INTEGER PRIMARY KEY of a mapping table, which VACUUM never renumbers.
  // No OR IGNORE / OR REPLACE in the triggers: an upsert's conflict clause overrides theirs.
  `
  CREATE TABLE post_search_docs (doc INTEGER PRIMARY KEY, post_id TEXT NOT NULL UNIQUE) STRICT;
  CREATE VIRTUAL TABLE post_search USING fts5(title, subtitle, body, content = '',
    contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 0');
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
    INSERT INTO post_search_docs (post_id) SELECT NEW.id
     WHERE NOT EXISTS (SELECT 1 FROM post_search_docs WHERE post_id = NEW.id);
    DELETE FROM post_search WHERE rowid = (SELECT doc FROM post_search_docs WHERE post_id = NEW.id);
    INSERT INTO post_search (rowid, title, subtitle, body)
      SELECT doc, NEW.title, coalesce(NEW.subtitle, ''), substr(NEW.markdown, 1, 100000)
        FROM post_search_docs WHERE post_id = NEW.id;
  END;
  CREATE TRIGGER posts_search_update AFTER UPDATE OF title, subtitle, markdown ON posts
    WHEN OLD.title IS NOT NEW.title OR OLD.subtitle IS NOT NEW.subtitle
      OR OLD.markdown IS NOT NEW.markdown
  BEGIN
    INSERT INTO post_search_docs (post_id) SELECT NEW.id
     WHERE NOT EXISTS (SELECT 1 FROM post_search_docs WHERE post_id = NEW.id);
    DELETE FROM post_search WHERE rowid = (SELECT doc FROM post_search_docs WHERE post_id = NEW.id);
    INSERT INTO post_search (rowid, title, subtitle, body)
      SELECT doc, NEW.title, coalesce(NEW.subtitle, ''), substr(NEW.markdown, 1, 100000)
        FROM post_search_docs WHERE post_id = NEW.id;
  END;
  CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
    DELETE FROM post_search
     WHERE rowid = (SELECT doc FROM post_search_docs WHERE post_id = OLD.id);
    DELETE FROM post_search_docs WHERE post_id = OLD.id;
  END;
  INSERT INTO post_search_docs (post_id) SELECT id FROM posts;
  INSERT INTO post_search (rowid, title, subtitle, body)
    SELECT d.doc, p.title, coalesce(p.subtitle, ''), substr(p.markdown, 1, 100000)
      FROM posts p JOIN post_search_docs d ON d.post_id = p.id;

  CREATE TABLE publication_search_docs (
    doc INTEGER PRIMARY KEY,
    publication_id TEXT NOT NULL UNIQUE
  ) STRICT;
  CREATE VIRTUAL TABLE publication_search USING fts5(name, slug, summary, content = '',
    contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 0');
  CREATE TRIGGER publications_search_insert AFTER INSERT ON publications BEGIN
    INSERT INTO publication_search_docs (publication_id) SELECT NEW.id
     WHERE NOT EXISTS (SELECT 1 FROM publication_search_docs WHERE publication_id = NEW.id);
    DELETE FROM publication_search WHERE rowid = (SELECT doc FROM publication_search_docs WHERE publication_id = NEW.id);
    INSERT INTO publication_search (rowid, name, slug, summary)
      SELECT doc, NEW.name, NEW.slug, coalesce(NEW.summary, '')
        FROM publication_search_docs WHERE publication_id = NEW.id;
  END;
  CREATE TRIGGER publications_search_update AFTER UPDATE OF name, slug, summary ON publications
  BEGIN
    INSERT INTO publication_search_docs (publication_id) SELECT NEW.id
     WHERE NOT EXISTS (SELECT 1 FROM publication_search_docs WHERE publication_id = NEW.id);
    DELETE FROM publication_search WHERE rowid = (SELECT doc FROM publication_search_docs WHERE publication_id = NEW.id);
    INSERT INTO publication_search (rowid, name, slug, summary)
      SELECT doc, NEW.name, NEW.slug, coalesce(NEW.summary, '')
        FROM publication_search_docs WHERE publication_id = NEW.id;
  END;
  INSERT INTO publication_search_docs (publication_id) SELECT id FROM publications;
  INSERT INTO publication_search (rowid, name, slug, summary)
    SELECT d.doc, p.name, p.slug, coalesce(p.summary, '')
      FROM publications p JOIN publication_search_docs d ON d.publication_id = p.id;
  `,
  // 10 (issue 13, webhooks): endpoints, the outbox of events and their deliveries, what receivers
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
  // 11 (issue 17): each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post (stored-bytes.ts). A row of its own, not
  // columns of posts: a read touches only the body it sends. Filled for older posts on migrate.
  `
  CREATE TABLE post_bytes (
    post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    content INTEGER NOT NULL,
    etag    TEXT NOT NULL,
    body    BLOB NOT NULL,
    PRIMARY KEY (post_id, content)
  ) STRICT;
  `,
];
