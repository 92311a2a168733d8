// Step 16: a post's body with content is no longer stored whole (store/stored-bytes.ts).

export const contentPlaceSteps: readonly [string] = [
  // 16: as on SQLite (sqlite/schema-content-place.ts): the validator of the body with content
  // and the byte its content goes in at, beside the body without; the bodies with content go.
  `
  ALTER TABLE post_bytes ADD COLUMN full_etag TEXT, ADD COLUMN content_at INTEGER;
  DELETE FROM post_bytes WHERE content;
  `,
];
