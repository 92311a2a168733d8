// Steps 7–9: discovery: publication fields, keyset-paged lists, full-text search.

export const discoverySteps: readonly [string, string, string] = [
  // 7 (discovery): the original service's publication fields; users by wallet.
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
  // 8 (discovery): keyset-paged lists, newest first. Each list is one index range
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
  // 9 (discovery): full-text search (FTS5), kept by triggers inside every write's
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
];
