// The import and API writes' statements on SQLite, prepared once per connection rather than
// once per write transaction (an API write opens one per request).
import type { Database, Statement } from "better-sqlite3";
import { AUTHOR_COLUMN_NAMES, AUTHOR_UPSERT_SET, authorDiffers } from "../author-columns.js";
import { POST_COLUMN_NAMES, POST_UPSERT_SET } from "../post-columns.js";
import { HOLD_SEARCH, INDEX_PENDING } from "./schema-search-pending.js";
import { PUBLICATION_COLUMN_NAMES, PUBLICATION_UPSERT_SET } from "../publication-columns.js";

const prepared = new WeakMap<Database, WriteStatements>();

export function writeStatements(db: Database): WriteStatements {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = prepareAll(db);
    prepared.set(db, statements);
  }
  return statements;
}

export type WriteStatements = SearchStatements &
  Record<
    | "publicationById"
    | "publicationBySlug"
    | "upsertPublication"
    | "authorById"
    | "upsertAuthor"
    | "postBySlug"
    | "publicationOfPost"
    | "upsertPost"
    | "clearAuthors"
    | "addAuthor"
    | "clearCategories"
    | "addCategory",
    Statement
  >;

interface SearchStatements {
  /** Run after BEGIN: the transaction's posts are indexed once, by `indexPending`. */
  holdSearch: Statement | undefined;
  indexPending: readonly Statement[];
}

/**
 * None on a store not yet at step 14 (a test writing at an older schema, then migrating it):
 * its triggers index every row at once, and keep doing so for this connection's writes.
 */
function searchStatements(db: Database): SearchStatements {
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'post_search_hold'`);
  if (exists.get() === undefined) return { holdSearch: undefined, indexPending: [] };
  return {
    holdSearch: db.prepare(HOLD_SEARCH),
    indexPending: INDEX_PENDING.map((t) => db.prepare(t)),
  };
}

function prepareAll(db: Database): WriteStatements {
  const prepare = (text: string): Statement => db.prepare(text);
  return {
    ...searchStatements(db),
    publicationById: prepare(`SELECT 1 FROM publications WHERE id = ?`).pluck(),
    publicationBySlug: prepare(`SELECT id FROM publications WHERE slug = ?`).pluck(),
    upsertPublication: prepare(`INSERT INTO publications (${PUBLICATION_COLUMN_NAMES})
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET ${PUBLICATION_UPSERT_SET}`),
    authorById: prepare(`SELECT 1 FROM authors WHERE id = ?`).pluck(),
    upsertAuthor: prepare(`INSERT INTO authors (${AUTHOR_COLUMN_NAMES})
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET ${AUTHOR_UPSERT_SET} WHERE ${authorDiffers("IS NOT")}`),
    postBySlug: prepare(`SELECT id FROM posts WHERE publication_id = ? AND slug = ?`).pluck(),
    publicationOfPost: prepare(`SELECT publication_id FROM posts WHERE id = ?`).pluck(),
    upsertPost: prepare(`INSERT INTO posts (${POST_COLUMN_NAMES})
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET ${POST_UPSERT_SET}`),
    clearAuthors: prepare(`DELETE FROM post_authors WHERE post_id = ?`),
    addAuthor: prepare(`INSERT INTO post_authors (post_id, position, author_id) VALUES (?, ?, ?)`),
    // The categories a post leaves, for the change notice (their tag lists change).
    clearCategories: prepare(
      `DELETE FROM post_categories WHERE post_id = ? RETURNING name`,
    ).pluck(),
    // Each category row carries its post's status and time, so a tag list is one index
    // range (a trigger keeps them equal when only the post changes; migrations.ts).
    addCategory: prepare(`INSERT INTO post_categories (post_id, position, name, status,
      published_at) VALUES (?, ?, ?, ?, ?)`),
  };
}
