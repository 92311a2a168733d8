// Step 16: a post's body with content is no longer stored whole (store/stored-bytes.ts).

export const contentPlaceSteps: readonly [string] = [
  // 16: as on SQLite (sqlite/schema-content-place.ts): the validator of the body with content
  // and the byte its content goes in at, beside the body without; the bodies with content go.
  // The DELETE comes first: the ALTER's lock on the table, which readers wait behind, is then
  // held only from the ALTER to the commit, not while the bodies are deleted.
  `
  DELETE FROM post_bytes WHERE content;
  ALTER TABLE post_bytes ADD COLUMN full_etag TEXT, ADD COLUMN content_at INTEGER;
  -- An older Folio's upsert sets the body alone: the place kept beside it was another body's.
  CREATE FUNCTION folio_post_bytes_place_stale() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.full_etag IS NOT DISTINCT FROM OLD.full_etag AND NEW.body IS DISTINCT FROM OLD.body
    THEN
      NEW.full_etag := NULL;
      NEW.content_at := NULL;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER post_bytes_place_stale BEFORE UPDATE ON post_bytes
    FOR EACH ROW EXECUTE FUNCTION folio_post_bytes_place_stale();
  `,
];
