// Step 14: the search triggers cost a write only what it changed, and the big text columns
// are compressed with lz4 where the server has it.
//
// A statement trigger fires whether or not its statement touched a row: an upsert fires the
// INSERT and the UPDATE triggers of its table, and a list's cut (a DELETE that usually finds
// nothing) the DELETE trigger. A create's one write statement so ran six list triggers, each
// calling folio_post_labels_refresh, a LANGUAGE sql function, which PostgreSQL plans again
// at every call; together they were about a fifth of the server's CPU for a create. Now each
// trigger returns at once when its transition table is empty, and the refresh is PL/pgSQL,
// whose statements keep their plans for the session.
//
// lz4 compresses and decompresses several times faster than pglz, PostgreSQL's default, for
// a few percent more bytes. Only values written from now on use it; a server built without
// lz4 (or older than PostgreSQL 14) keeps pglz, so the step applies everywhere.

const refreshFrom = (name: string, guard: string, posts: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF ${guard} THEN
      PERFORM folio_post_labels_refresh(ARRAY(${posts}));
    END IF;
    RETURN NULL;
  END $$;`;

// A post's stored bodies (post_bytes) are kept uncompressed (step 11): reads send them as they are.
const LZ4_COLUMNS = ["content_json", "static_html", "markdown"];
const lz4 = `EXECUTE 'ALTER TABLE posts ${LZ4_COLUMNS.map((c) => `ALTER COLUMN ${c} SET COMPRESSION lz4`).join(", ")}';`;

export const searchTriggerSteps: readonly [string] = [
  `
  CREATE OR REPLACE FUNCTION folio_post_labels_refresh(posts text[]) RETURNS void
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE post_search s SET labels = l.labels
      FROM (SELECT p, folio_post_labels(p) AS labels FROM unnest(posts) AS p) l
     WHERE s.post_id = l.p AND s.labels IS DISTINCT FROM l.labels;
  END $$;
  ${refreshFrom(
    "folio_post_list_search_added",
    "EXISTS (SELECT 1 FROM added)",
    "SELECT DISTINCT post_id FROM added",
  )}
  ${refreshFrom(
    "folio_post_list_search_removed",
    "EXISTS (SELECT 1 FROM removed)",
    "SELECT DISTINCT post_id FROM removed",
  )}
  ${refreshFrom(
    "folio_post_list_search_moved",
    "EXISTS (SELECT 1 FROM added)",
    "SELECT post_id FROM removed UNION SELECT post_id FROM added",
  )}

  DO $$
  BEGIN
    BEGIN
      ${lz4}
    EXCEPTION WHEN feature_not_supported OR syntax_error THEN
      NULL;
    END;
  END $$;
  `,
];
