// Step 11 (issue 17): each post's response bytes, stored with the post (store/stored-bytes.ts).

export const bytesSteps: readonly [string] = [
  // 11 (issue 17): each post's response bytes, without and with content, and their ETag,
  // written in the transaction that writes the post. A row of its own, not columns of posts:
  // a read touches only the body it sends. Filled for older posts on migrate.
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
