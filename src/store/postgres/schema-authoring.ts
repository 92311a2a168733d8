// Steps 3–6: what API writes keep: post fields, API keys, slug history, idempotency.

export const authoringSteps: readonly [string, string, string, string] = [
  // 3 (authoring): what an API write keeps on a post, and the order of a
  // publication's own list (newest first: when the post was first stored).
  `
  ALTER TABLE posts ADD COLUMN post_preview TEXT;
  ALTER TABLE posts ADD COLUMN send_newsletter BOOLEAN NOT NULL DEFAULT false;
  ALTER TABLE posts ADD COLUMN created_at BIGINT;
  UPDATE posts SET created_at = coalesce(published_at, updated_at);
  CREATE INDEX posts_by_publication_created ON posts (publication_id, created_at, id);
  `,
  // 4 (authoring): API keys, stored as hashes only.
  `
  CREATE TABLE api_keys (
    id             TEXT COLLATE "C" PRIMARY KEY,
    publication_id TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    name           TEXT,
    hash           TEXT COLLATE "C" NOT NULL UNIQUE,
    hint           TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    revoked_at     BIGINT
  );
  `,
  // 5 (authoring): slug history. Every write path (import or API) records a
  // rename here, so the trigger, not each writer, keeps it; a slug a post takes leaves
  // any history that held it (a live slug always wins).
  `
  CREATE TABLE post_slug_history (
    publication_id TEXT COLLATE "C" NOT NULL REFERENCES publications (id),
    slug           TEXT COLLATE "C" NOT NULL,
    post_id        TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    PRIMARY KEY (publication_id, slug)
  );
  CREATE INDEX post_slug_history_by_post ON post_slug_history (post_id);
  CREATE FUNCTION folio_post_slug_history() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND OLD.slug = NEW.slug AND OLD.publication_id = NEW.publication_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM post_slug_history WHERE publication_id = NEW.publication_id AND slug = NEW.slug;
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO post_slug_history (publication_id, slug, post_id)
        VALUES (OLD.publication_id, OLD.slug, OLD.id)
        ON CONFLICT (publication_id, slug) DO UPDATE SET post_id = EXCLUDED.post_id;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_slug_history AFTER INSERT OR UPDATE OF slug, publication_id ON posts
    FOR EACH ROW EXECUTE FUNCTION folio_post_slug_history();
  `,
  // 6 (authoring): Idempotency-Key answers (24 hours) and page views.
  `
  CREATE TABLE idempotency_keys (
    publication_id TEXT COLLATE "C" NOT NULL,
    key            TEXT COLLATE "C" NOT NULL,
    request_hash   TEXT NOT NULL,
    answer         TEXT,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (publication_id, key)
  );
  CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
  CREATE TABLE post_views (
    post_id TEXT COLLATE "C" PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    views   BIGINT NOT NULL
  );
  `,
];
