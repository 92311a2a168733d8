// Steps 3–6: what API writes keep: post fields, API keys, slug history, idempotency.

export const authoringSteps: readonly [string, string, string, string] = [
  // 3 (authoring): what an API write keeps on a post, and the order of a
  // publication's own list (newest first: when the post was first stored).
  `
  ALTER TABLE posts ADD COLUMN post_preview TEXT;
  ALTER TABLE posts ADD COLUMN send_newsletter INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE posts ADD COLUMN created_at INTEGER;
  UPDATE posts SET created_at = coalesce(published_at, updated_at);
  CREATE INDEX posts_by_publication_created ON posts (publication_id, created_at, id);
  `,
  // 4 (authoring): API keys, stored as hashes only.
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
  // 5 (authoring): slug history. Every write path (import or API) records a
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
  // 6 (authoring): Idempotency-Key answers (24 hours) and page views.
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
];
