// Step 11: each post's response bytes, stored with the post (store/stored-bytes.ts).

export const bytesSteps: readonly [string] = [
  // 11: each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post; dropped by any other change to the post or
  // its authors. Filled for older posts on migrate.
  // Stored uncompressed (no TOAST compression): a read must not pay to inflate what it sends.
  // TEXT, not BYTEA: a body is UTF-8 JSON, and text crosses the wire as it is where BYTEA would
  // be hex-encoded by the server and decoded by the client, doubling what both handle.
  `
  CREATE TABLE post_bytes (
    post_id TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    content BOOLEAN NOT NULL,
    etag    TEXT NOT NULL,
    body    TEXT NOT NULL,
    PRIMARY KEY (post_id, content)
  );
  ALTER TABLE post_bytes ALTER COLUMN body SET STORAGE EXTERNAL;
  -- Whoever changes a post or an author (an older Folio in a rolling upgrade, a tool) drops
  -- the bodies that showed it: a read then builds from the record, never from stale bytes.
  -- Folio's own writes store the new bodies after their statements, in the same transaction.
  -- Once per statement, over its changed rows: a batch upsert pays one DELETE.
  CREATE FUNCTION folio_posts_bytes_stale() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM post_bytes WHERE post_id IN (SELECT id FROM changed);
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_bytes_stale AFTER UPDATE ON posts REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION folio_posts_bytes_stale();
  CREATE FUNCTION folio_authors_bytes_stale() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM post_bytes WHERE post_id IN
      (SELECT pa.post_id FROM post_authors pa JOIN changed c ON c.id = pa.author_id);
    RETURN NULL;
  END $$;
  CREATE TRIGGER authors_bytes_stale AFTER UPDATE ON authors REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION folio_authors_bytes_stale();
  `,
];
