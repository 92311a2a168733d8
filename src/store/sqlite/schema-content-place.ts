// Step 16: a post's body with content is no longer stored whole (store/stored-bytes.ts).

export const contentPlaceSteps: readonly [string] = [
  // 16: the body without content keeps, beside it, the validator of the body with content and
  // the byte its content goes in at; reads take the content from the post's own columns. The
  // bodies with content are dropped: they doubled every post's size on disk, and writing them
  // was half of an import's writing. A row of an older Folio (these columns NULL) is served
  // from the record until the post is written again or filled on migrate.
  `
  DELETE FROM post_bytes WHERE content = 1;
  ALTER TABLE post_bytes ADD COLUMN full_etag TEXT;
  ALTER TABLE post_bytes ADD COLUMN content_at INTEGER;
  -- An older Folio's upsert sets the body alone: the place kept beside it was another body's.
  CREATE TRIGGER post_bytes_place_stale AFTER UPDATE OF body ON post_bytes
    WHEN NEW.full_etag IS OLD.full_etag AND NEW.body IS NOT OLD.body
  BEGIN
    UPDATE post_bytes SET full_etag = NULL, content_at = NULL WHERE rowid = NEW.rowid;
  END;
  `,
];
