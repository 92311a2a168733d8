// Step 11 (issue 17): each post's response bytes, stored with the post (store/stored-bytes.ts).

export const bytesSteps: readonly [string] = [
  // 11 (issue 17): each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post. Filled for older posts on migrate.
  // Stored uncompressed (no TOAST compression): a read must not pay to inflate what it sends.
  `
  CREATE TABLE post_bytes (
    post_id TEXT COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    content BOOLEAN NOT NULL,
    etag    TEXT NOT NULL,
    body    BYTEA NOT NULL,
    PRIMARY KEY (post_id, content)
  );
  ALTER TABLE post_bytes ALTER COLUMN body SET STORAGE EXTERNAL;
  `,
];
