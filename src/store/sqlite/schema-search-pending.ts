// Step 14: a write transaction indexes each post it touched once, when it commits.
//
// Step 12's triggers re-index a post from every row that changes it: its own, then each
// author and category row written after it, so a post with two categories was tokenized four
// times (and each time its old row tombstoned), which was most of the cost of an import's or
// a create's SQL. Now a transaction that holds `post_search_hold` (SqliteWrite does, from its
// BEGIN) only notes the posts in `post_search_pending` and re-indexes them in one pass before
// its COMMIT. A write that holds nothing (a schema step, a tool) is indexed at once, as
// before, so no writer can leave the index behind. The hold row lives and dies inside its
// transaction: no other connection ever sees it.
import { reindex, reindexNew } from "./schema-search.js";

const held = `EXISTS (SELECT 1 FROM post_search_hold)`;

/**
 * Two triggers for one event: note the posts while a write holds, else index them now.
 * `posts` selects a `post_id` column. Not INSERT OR IGNORE: an upsert that fires a trigger
 * imposes its own conflict handling on the trigger's statements.
 */
function either(name: string, event: string, now: string, posts: string, when?: string): string {
  const also = when === undefined ? "" : ` AND (${when})`;
  return `
  DROP TRIGGER ${name};
  CREATE TRIGGER ${name} AFTER ${event} WHEN NOT ${held}${also} BEGIN${now}
  END;
  CREATE TRIGGER ${name}_held AFTER ${event} WHEN ${held}${also} BEGIN
    INSERT INTO post_search_pending (post_id) SELECT DISTINCT n.post_id FROM (${posts}) n
     WHERE NOT EXISTS (SELECT 1 FROM post_search_pending q WHERE q.post_id = n.post_id);
  END;`;
}

/** A list row (category, author) that comes, goes or moves: the posts it was and is in. */
const LIST_EVENTS = [
  { event: "insert", ids: "p.id = NEW.post_id", posts: "SELECT NEW.post_id AS post_id" },
  { event: "delete", ids: "p.id = OLD.post_id", posts: "SELECT OLD.post_id AS post_id" },
  {
    event: "update",
    ids: "p.id IN (OLD.post_id, NEW.post_id)",
    posts: "SELECT OLD.post_id AS post_id UNION SELECT NEW.post_id",
  },
];

const listTriggers = (table: string) =>
  LIST_EVENTS.map(({ event, ids, posts }) =>
    either(`${table}_search_${event}`, `${event.toUpperCase()} ON ${table}`, reindex(ids), posts),
  ).join("");

const textChanged = `OLD.title IS NOT NEW.title OR OLD.subtitle IS NOT NEW.subtitle
      OR OLD.markdown IS NOT NEW.markdown`;

export const searchPendingSteps: readonly [string] = [
  `
  CREATE TABLE post_search_hold (one INTEGER PRIMARY KEY CHECK (one = 1)) STRICT;
  CREATE TABLE post_search_pending (post_id TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
  ${either("posts_search_insert", "INSERT ON posts", reindexNew, "SELECT NEW.id AS post_id")}
  ${either(
    "posts_search_update",
    "UPDATE OF title, subtitle, markdown ON posts",
    reindexNew,
    "SELECT NEW.id AS post_id",
    textChanged,
  )}
  ${listTriggers("post_categories")}
  ${listTriggers("post_authors")}
  ${either(
    "authors_search_rename",
    "UPDATE OF name ON authors",
    reindex("p.id IN (SELECT post_id FROM post_authors WHERE author_id = NEW.id)"),
    "SELECT post_id FROM post_authors WHERE author_id = NEW.id",
    "OLD.name IS NOT NEW.name",
  )}
  `,
];

/** Run first in a write transaction: from here its posts are indexed by `INDEX_PENDING`. */
export const HOLD_SEARCH = `INSERT INTO post_search_hold (one) VALUES (1)`;

const pending = "p.id IN (SELECT post_id FROM post_search_pending)";

/**
 * Run in order, last before COMMIT: each noted post indexed once, as its rows now are, and
 * the hold ended. One statement each, so a connection prepares them once.
 */
export const INDEX_PENDING: readonly string[] = [
  `INSERT INTO post_search_docs (post_id)
    SELECT q.post_id FROM post_search_pending q JOIN posts p ON p.id = q.post_id
     WHERE NOT EXISTS (SELECT 1 FROM post_search_docs d WHERE d.post_id = q.post_id)`,
  ...reindex(pending)
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement !== ""),
  `DELETE FROM post_search_pending`,
  `DELETE FROM post_search_hold`,
];
