// Step 12: search finds a post by its categories and its authors' names too.

/** Re-indexes the posts `which` selects (a condition on `p`), from their rows as they now are. */
export const reindex = (which: string) => `
    DELETE FROM post_search WHERE rowid IN
      (SELECT d.doc FROM post_search_docs d JOIN posts p ON p.id = d.post_id WHERE ${which});
    INSERT INTO post_search (rowid, title, subtitle, tags, authors, body)
      SELECT d.doc, p.title, coalesce(p.subtitle, ''),
        coalesce((SELECT group_concat(c.name, ' ') FROM post_categories c
                   WHERE c.post_id = p.id), ''),
        coalesce((SELECT group_concat(a.name, ' ') FROM post_authors pa
                   JOIN authors a ON a.id = pa.author_id WHERE pa.post_id = p.id), ''),
        substr(p.markdown, 1, 100000)
        FROM posts p JOIN post_search_docs d ON d.post_id = p.id WHERE ${which};`;

/** In a trigger on posts: the new row's document id, made if it has none, and its index row. */
export const reindexNew = `
    INSERT INTO post_search_docs (post_id) SELECT NEW.id
     WHERE NOT EXISTS (SELECT 1 FROM post_search_docs WHERE post_id = NEW.id);
    ${reindex("p.id = NEW.id")}`;

/** Triggers on a post's list table (categories, authors): any row that comes, goes or moves. */
const listTriggers = (table: string) => `
  CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
    ${reindex("p.id = NEW.post_id")}
  END;
  CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
    ${reindex("p.id = OLD.post_id")}
  END;
  CREATE TRIGGER ${table}_search_update AFTER UPDATE ON ${table} BEGIN
    ${reindex("p.id IN (OLD.post_id, NEW.post_id)")}
  END;`;

export const searchSteps: readonly [string] = [
  // 12: categories and author names join the post index, weighted between the subtitle and
  // the text (search.ts). FTS5 cannot add a column, so the index is rebuilt whole; the
  // document ids of post_search_docs stay. Triggers keep it as step 9's do, inside every
  // write's transaction, whoever writes: a post, its category and author rows, an author's
  // name. A contentless row is replaced whole, so each of those re-indexes the post's text.
  `
  DROP TRIGGER posts_search_insert;
  DROP TRIGGER posts_search_update;
  DROP TABLE post_search;
  CREATE VIRTUAL TABLE post_search USING fts5(title, subtitle, tags, authors, body,
    content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 0');
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN${reindexNew}
  END;
  CREATE TRIGGER posts_search_update AFTER UPDATE OF title, subtitle, markdown ON posts
    WHEN OLD.title IS NOT NEW.title OR OLD.subtitle IS NOT NEW.subtitle
      OR OLD.markdown IS NOT NEW.markdown
  BEGIN${reindexNew}
  END;
  ${listTriggers("post_categories")}
  ${listTriggers("post_authors")}
  CREATE TRIGGER authors_search_rename AFTER UPDATE OF name ON authors
    WHEN OLD.name IS NOT NEW.name
  BEGIN
    ${reindex("p.id IN (SELECT post_id FROM post_authors WHERE author_id = NEW.id)")}
  END;
  INSERT INTO post_search_docs (post_id)
    SELECT id FROM posts WHERE id NOT IN (SELECT post_id FROM post_search_docs);
  ${reindex("1")}
  `,
];
