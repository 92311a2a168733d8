// Steps 7–9: discovery: publication fields, keyset-paged lists, full-text search.

export const discoverySteps: readonly [string, string, string] = [
  // 7 (discovery): the original service's publication fields; users by wallet.
  `
  ALTER TABLE publications
    ADD COLUMN owner_user_id TEXT COLLATE "C",
    ADD COLUMN custom_domain TEXT,
    ADD COLUMN custom_domain_host TEXT COLLATE "C",
    ADD COLUMN summary TEXT,
    ADD COLUMN logo_url TEXT;
  CREATE INDEX publications_by_domain ON publications (custom_domain_host, id);
  CREATE INDEX authors_by_publication ON authors (publication_id, id);
  CREATE INDEX authors_by_wallet ON authors (lower(wallet_address), id);
  `,
  // 8 (discovery): keyset-paged lists, newest first. Each list is one index range
  // in (published_at, id) order, so a page costs the same however deep it is. Category
  // rows carry their post's status and time for the same reason, kept equal by a trigger.
  `
  CREATE INDEX posts_by_publication_time ON posts (publication_id, status, published_at, id);
  CREATE INDEX posts_by_time ON posts (status, published_at, id);
  DROP INDEX posts_by_status_time;
  ALTER TABLE post_categories ADD COLUMN status TEXT, ADD COLUMN published_at BIGINT;
  UPDATE post_categories c SET status = p.status, published_at = p.published_at
    FROM posts p WHERE p.id = c.post_id;
  CREATE INDEX post_categories_by_tag ON post_categories (name, status, published_at, post_id);
  CREATE FUNCTION folio_sync_post_categories() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE post_categories SET status = NEW.status, published_at = NEW.published_at
     WHERE post_id = NEW.id;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_sync_categories AFTER UPDATE OF status, published_at ON posts
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at)
    EXECUTE FUNCTION folio_sync_post_categories();
  -- The key list cursors are signed with: one per store, so every node accepts every cursor.
  CREATE TABLE folio_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT INTO folio_keys (name, value)
    VALUES ('cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
  `,
  // 9 (discovery): full-text search. Generated columns: PostgreSQL recomputes them in
  // every write's own statement, whoever writes. The body is the Markdown's first 100,000
  // characters (a tsvector may not exceed 1 MB). English stemming without a stop-word list,
  // as SQLite's porter tokenizer does: a publication called "Other" must be findable.
  `
  CREATE TEXT SEARCH DICTIONARY folio_english_stem (TEMPLATE = snowball, Language = english);
  CREATE TEXT SEARCH CONFIGURATION folio_english (COPY = english);
  ALTER TEXT SEARCH CONFIGURATION folio_english
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH folio_english_stem;
  ALTER TABLE posts ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('folio_english'::regconfig, title), 'A') ||
    setweight(to_tsvector('folio_english'::regconfig, coalesce(subtitle, '')), 'B') ||
    setweight(to_tsvector('folio_english'::regconfig, left(markdown, 100000)), 'D')) STORED;
  CREATE INDEX posts_search ON posts USING gin (search);
  ALTER TABLE publications ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('folio_english'::regconfig, name), 'A') ||
    setweight(to_tsvector('folio_english'::regconfig, slug), 'B') ||
    setweight(to_tsvector('folio_english'::regconfig, coalesce(summary, '')), 'C')) STORED;
  CREATE INDEX publications_search ON publications USING gin (search);
  `,
];
