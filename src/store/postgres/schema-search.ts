// Step 12: search finds a post by its categories and its authors' names too.

/** A post's list table (categories, authors): any row that comes, goes or moves. */
const listTriggers = (table: string) => `
  CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table}
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION folio_post_list_search_added();
  CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table}
    REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION folio_post_list_search_removed();
  CREATE TRIGGER ${table}_search_update AFTER UPDATE ON ${table}
    REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION folio_post_list_search_moved();`;

export const searchSteps: readonly [string] = [
  // 12: a post's search document moves to a table of its own, post_search: the text part
  // (title A, subtitle B, text D) is a copy of the generated posts.search, and `labels` holds
  // the categories and author names (C). A generated column cannot read other tables, and a
  // label column on posts would make every category change rewrite the post row (recomputing
  // its text vector and dropping its stored bodies). Statement triggers over transition tables
  // keep it inside every write's own statement, whoever writes, once per statement: a batch
  // upsert's list rows cost one label pass per post, never a re-read of its text.
  // posts.search stays, filled as before, so an older node still searching it during a rolling
  // upgrade keeps working; its index goes: nothing here reads it, and each write paid for it.
  `
  CREATE TABLE post_search (
    post_id  TEXT COLLATE "C" PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    text_doc tsvector NOT NULL,
    labels   tsvector NOT NULL
  );
  CREATE INDEX post_search_doc ON post_search USING gin ((text_doc || labels));
  DROP INDEX posts_search;

  CREATE FUNCTION folio_post_labels(text) RETURNS tsvector LANGUAGE sql STABLE AS $$
    SELECT setweight(to_tsvector('folio_english'::regconfig, coalesce(
             (SELECT string_agg(c.name, ' ' ORDER BY c.position)
                FROM post_categories c WHERE c.post_id = $1), '')), 'C') ||
           setweight(to_tsvector('folio_english'::regconfig, coalesce(
             (SELECT string_agg(a.name, ' ' ORDER BY pa.position)
                FROM post_authors pa JOIN authors a ON a.id = pa.author_id
               WHERE pa.post_id = $1), '')), 'C')
  $$;

  CREATE FUNCTION folio_posts_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO post_search (post_id, text_doc, labels)
      SELECT id, search, folio_post_labels(id) FROM added
      ON CONFLICT (post_id) DO UPDATE SET text_doc = excluded.text_doc, labels = excluded.labels;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION folio_posts_search_insert();
  CREATE FUNCTION folio_posts_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE post_search s SET text_doc = n.search FROM changed n
     WHERE s.post_id = n.id AND s.text_doc IS DISTINCT FROM n.search;
    RETURN NULL;
  END $$;
  CREATE TRIGGER posts_search_update AFTER UPDATE ON posts REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION folio_posts_search_update();

  -- A category or author row that comes, goes or moves: its post's labels again.
  CREATE FUNCTION folio_post_labels_refresh(posts text[]) RETURNS void LANGUAGE sql AS $$
    UPDATE post_search s SET labels = l.labels
      FROM (SELECT p, folio_post_labels(p) AS labels FROM unnest(posts) AS p) l
     WHERE s.post_id = l.p AND s.labels IS DISTINCT FROM l.labels
  $$;
  CREATE FUNCTION folio_post_list_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM folio_post_labels_refresh(ARRAY(SELECT DISTINCT post_id FROM added));
    RETURN NULL;
  END $$;
  CREATE FUNCTION folio_post_list_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM folio_post_labels_refresh(ARRAY(SELECT DISTINCT post_id FROM removed));
    RETURN NULL;
  END $$;
  CREATE FUNCTION folio_post_list_search_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM folio_post_labels_refresh(ARRAY(
      SELECT post_id FROM removed UNION SELECT post_id FROM added));
    RETURN NULL;
  END $$;${listTriggers("post_categories")}${listTriggers("post_authors")}

  CREATE FUNCTION folio_authors_search_rename() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM folio_post_labels_refresh(ARRAY(
      SELECT DISTINCT pa.post_id FROM removed o JOIN added n ON n.id = o.id
        JOIN post_authors pa ON pa.author_id = n.id
       WHERE o.name IS DISTINCT FROM n.name));
    RETURN NULL;
  END $$;
  CREATE TRIGGER authors_search_rename AFTER UPDATE ON authors
    REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION folio_authors_search_rename();

  INSERT INTO post_search (post_id, text_doc, labels)
    SELECT id, search, folio_post_labels(id) FROM posts;
  `,
];
