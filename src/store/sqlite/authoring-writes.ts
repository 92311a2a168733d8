// The authoring questions and removals of the SQLite write transaction. The transaction
// holds SQLite's write lock from BEGIN IMMEDIATE, so a read here is already "locked".
import type Database from "better-sqlite3";
import type { AuthoringWrites, PostRef } from "../authoring-writes.js";
import { guarded, lazyStatements } from "./errors.js";
import {
  POSTS_FROM,
  STORED_COLUMNS,
  postColumns,
  toStoredPost,
  type StoredRow,
} from "../post-row.js";

const stored = (where: string) => `SELECT ${postColumns("sqlite")}${STORED_COLUMNS}
  ${POSTS_FROM} WHERE p.publication_id = ? AND ${where}`;

const SQL = {
  byId: stored("p.id = ?"),
  bySlug: stored("p.slug = ?"),
  current: "SELECT id FROM posts WHERE publication_id = ? AND slug = ?",
  history: "SELECT post_id FROM post_slug_history WHERE publication_id = ? AND slug = ?",
  author: "SELECT 1 FROM authors WHERE id = ? AND publication_id = ?",
  tagsOf: "SELECT name FROM post_categories WHERE post_id = ?",
  deletePost: "DELETE FROM posts WHERE id = ? RETURNING publication_id AS publicationId",
  purgeKeys: "DELETE FROM idempotency_keys WHERE created_at < ?",
  // Takes the key when it is new or expired; leaves a live one alone.
  claim: `INSERT INTO idempotency_keys (publication_id, key, request_hash, answer, created_at)
    VALUES (?, ?, ?, NULL, ?)
    ON CONFLICT (publication_id, key) DO UPDATE SET request_hash = excluded.request_hash,
      answer = NULL, created_at = excluded.created_at
    WHERE idempotency_keys.created_at < ?`,
  answer: `SELECT request_hash AS requestHash, answer FROM idempotency_keys
    WHERE publication_id = ? AND key = ?`,
  save: "UPDATE idempotency_keys SET answer = ? WHERE publication_id = ? AND key = ?",
};

/** Each write transaction asks the same questions: prepared once per connection, not per write. */
const prepared = new WeakMap<Database.Database, ReturnType<typeof lazyStatements>>();

export function sqliteAuthoringWrites(
  db: Database.Database,
  deleted: (id: string, publicationId: string, tags: string[]) => Promise<void>,
): AuthoringWrites {
  let sql = prepared.get(db);
  if (sql === undefined) prepared.set(db, (sql = lazyStatements(db)));
  const get = (text: string, ...args: unknown[]) => guarded(() => sql(text).get(...args));
  return {
    async lockPost(publicationId, ref: PostRef) {
      const [text, key] = "id" in ref ? [SQL.byId, ref.id] : [SQL.bySlug, ref.slug];
      const row = get(text, publicationId, key) as StoredRow | undefined;
      return row && toStoredPost(row);
    },
    async writtenPost(publicationId, id) {
      const row = get(SQL.byId, publicationId, id) as StoredRow | undefined;
      return row && toStoredPost(row);
    },
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
      guarded(() => sql(SQL.purgeKeys).run(c.expiredBefore));
      const args = [c.publicationId, c.key, c.requestHash, c.now, c.expiredBefore];
      if (guarded(() => sql(SQL.claim).run(...args).changes) === 1) return undefined;
      return get(SQL.answer, c.publicationId, c.key) as { requestHash: string; answer: string };
    },
    async saveIdempotentAnswer(publicationId, key, answer) {
      guarded(() => sql(SQL.save).run(answer, publicationId, key));
    },
  };
}
