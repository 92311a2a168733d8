// Step 11: each post's response bytes, stored with the post (store/stored-bytes.ts).

export const bytesSteps: readonly [string] = [
  // 11: each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post; dropped by any other change to the post or
  // its authors. A row of its own, not columns of posts:
  // a read touches only the body it sends. Filled for older posts on migrate.
  `
  CREATE TABLE post_bytes (
    post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    content INTEGER NOT NULL,
    etag    TEXT NOT NULL,
    body    BLOB NOT NULL,
    PRIMARY KEY (post_id, content)
  ) STRICT;
  -- Whoever changes a post or an author (an older Folio in a rolling upgrade, a tool) drops
  -- the bodies that showed it: a read then builds from the record, never from stale bytes.
  -- Folio's own writes store the new bodies after their statements, in the same transaction.
  CREATE TRIGGER posts_bytes_stale AFTER UPDATE ON posts BEGIN
    DELETE FROM post_bytes WHERE post_id = NEW.id;
  END;
  CREATE TRIGGER authors_bytes_stale AFTER UPDATE ON authors BEGIN
    DELETE FROM post_bytes
     WHERE post_id IN (SELECT post_id FROM post_authors WHERE author_id = NEW.id);
  END;
  `,
];
