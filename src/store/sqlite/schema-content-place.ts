// Step 16: a post's body with content is no longer stored whole (store/stored-bytes.ts).

export const contentPlaceSteps: readonly [string] = [
  // 16: the body without content keeps, beside it, the validator of the body with content and
  // the byte its content goes in at; reads take the content from the post's own columns. The
  // bodies with content are dropped: they doubled every post's size on disk, and writing them
  // was half of an import's writing. A row of an older Folio (these columns NULL) is served
  // from the record until the post is written again or filled on migrate.
  `
  ALTER TABLE post_bytes ADD COLUMN full_etag TEXT;
  ALTER TABLE post_bytes ADD COLUMN content_at INTEGER;
  DELETE FROM post_bytes WHERE content = 1;
  `,
];
