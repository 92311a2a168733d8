// The authoring questions and removals of the SQLite write transaction. The transaction
// holds SQLite's write lock from BEGIN IMMEDIATE, so a read here is already "locked".
import type Database from "better-sqlite3";
import type { AuthoringWrites, PostRef } from "../authoring-writes.js";
import { guarded, lazyStatements } from "./errors.js";
import { AUTHORING_SQL as SHARED } from "../authoring-statements.js";
import { toStoredPost } from "../post-row.js";
import type { Executor } from "../statement.js";
import { sqliteExecutor } from "./executor.js";

const SQL = {
  current: "SELECT id FROM posts WHERE publication_id = ? AND slug = ?",
  history: "SELECT post_id FROM post_slug_history WHERE publication_id = ? AND slug = ?",
  author: "SELECT 1 FROM authors WHERE id = ? AND publication_id = ?",
  tagsOf: "SELECT name FROM post_categories WHERE post_id = ?",
  deletePost: "DELETE FROM posts WHERE id = ? RETURNING publication_id AS publicationId",
};

/** Each write transaction asks the same questions: prepared once per connection, not per write. */
const prepared = new WeakMap<Database.Database, ReturnType<typeof lazyStatements>>();
/** The same for the statements written once (inside the transaction: no turn to wait for). */
const executors = new WeakMap<Database.Database, Executor>();
function executorOf(db: Database.Database): Executor {
  let executor = executors.get(db);
  if (executor === undefined) executors.set(db, (executor = sqliteExecutor(db)));
  return executor;
}

export function sqliteAuthoringWrites(
  db: Database.Database,
  deleted: (id: string, publicationId: string, tags: string[]) => Promise<void>,
): AuthoringWrites {
  let sql = prepared.get(db);
  if (sql === undefined) prepared.set(db, (sql = lazyStatements(db)));
  const shared = executorOf(db);
  const get = (text: string, ...args: unknown[]) => guarded(() => sql(text).get(...args));
  const stored = async (publicationId: string, ref: PostRef) => {
    const [s, key] = "id" in ref ? [SHARED.storedById, ref.id] : [SHARED.storedBySlug, ref.slug];
    const [row] = await shared.rows(s, { publicationId, key });
    return row && toStoredPost(row);
  };
  return {
    lockPost: stored,
    writtenPost: (publicationId, id) => stored(publicationId, { id }),
    async slugHolder(publicationId, slug) {
      const current = get(SQL.current, publicationId, slug) as { id: string } | undefined;
      if (current) return { postId: current.id, current: true };
      const old = get(SQL.history, publicationId, slug) as { post_id: string } | undefined;
      return old && { postId: old.post_id, current: false };
    },
    async foreignAuthors(publicationId, authorIds) {
      return authorIds.filter((id) => !get(SQL.author, id, publicationId));
    },
    async deletePost(id) {
      const tags = guarded(() => sql(SQL.tagsOf).pluck().all(id) as string[]);
      const gone = get(SQL.deletePost, id) as { publicationId: string } | undefined;
      if (gone) await deleted(id, gone.publicationId, tags);
    },
    async claimIdempotencyKey(c) {
      await shared.changes(SHARED.purgeKeys, { before: c.expiredBefore });
      if ((await shared.changes(SHARED.claim, c)) === 1) return undefined;
      const [answer] = await shared.rows(SHARED.answer, c);
      return answer as { requestHash: string; answer: string };
    },
    async saveIdempotentAnswer(publicationId, key, answer) {
      await shared.changes(SHARED.save, { publicationId, key, answer });
    },
  };
}
