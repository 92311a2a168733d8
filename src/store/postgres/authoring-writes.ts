// The authoring questions and removals of the PostgreSQL write transaction. A post is
// locked (FOR UPDATE) before it is read, and read by a second statement: under READ
// COMMITTED that statement's snapshot includes whatever the writer we waited for committed.
import type { AuthoringWrites, PostRef } from "../authoring-writes.js";
import type { Pipeline } from "./pipeline.js";
import {
  POSTS_FROM as from,
  STORED_COLUMNS as storedColumns,
  postColumns,
  toStoredPost,
  type StoredRow,
} from "../post-row.js";

const columns = postColumns("postgres");

const SQL = {
  lockById: "SELECT id FROM posts WHERE publication_id = $1 AND id = $2 FOR UPDATE",
  lockBySlug: "SELECT id FROM posts WHERE publication_id = $1 AND slug = $2 FOR UPDATE",
  readById: `SELECT ${columns}${storedColumns} ${from} WHERE p.publication_id = $1 AND p.id = $2`,
  readBySlug: `SELECT ${columns}${storedColumns} ${from}
    WHERE p.publication_id = $1 AND p.slug = $2`,
  // The post that holds a slug now, else the one that held it last.
  holder: `SELECT id, true AS current FROM posts WHERE publication_id = $1 AND slug = $2
    UNION ALL
    SELECT post_id, false FROM post_slug_history WHERE publication_id = $1 AND slug = $2
    ORDER BY current DESC LIMIT 1`,
  authors: "SELECT id FROM authors WHERE publication_id = $1 AND id = ANY($2::text[])",
  // The categories are read before the row goes (they cascade), for the change notice.
  deletePost: `DELETE FROM posts p WHERE p.id = $1 RETURNING p.publication_id AS "publicationId",
    ARRAY(SELECT c.name FROM post_categories c WHERE c.post_id = p.id) AS tags`,
  purgeKeys: "DELETE FROM idempotency_keys WHERE created_at < $1",
  // Takes the key when it is new or expired. A claim of the same key by another open
  // transaction makes this wait for it to end, then see its row.
  claim: `INSERT INTO idempotency_keys (publication_id, key, request_hash, answer, created_at)
    VALUES ($1, $2, $3, NULL, $4)
    ON CONFLICT (publication_id, key) DO UPDATE SET request_hash = excluded.request_hash,
      answer = NULL, created_at = excluded.created_at
    WHERE idempotency_keys.created_at < $5
    RETURNING 1`,
  answer: `SELECT request_hash AS "requestHash", answer FROM idempotency_keys
    WHERE publication_id = $1 AND key = $2`,
  save: "UPDATE idempotency_keys SET answer = $1 WHERE publication_id = $2 AND key = $3",
};

export function postgresAuthoringWrites(
  sql: Pipeline,
  translate: (error: unknown) => unknown,
  deleted: (id: string, publicationId: string, tags: string[]) => Promise<void>,
  /** The row of a post as the transaction's last write read it back, if it did. */
  readBack: (id: string) => StoredRow | undefined,
): AuthoringWrites {
  const query = async <R extends object>(text: string, values: unknown[]) => {
    try {
      return await sql.query<R>(text, values);
    } catch (error) {
      throw translate(error);
    }
  };
  const first = async <R extends object>(text: string, values: unknown[]) =>
    (await query<R>(text, values)).rows[0];
  return {
    async lockPost(publicationId, ref: PostRef) {
      if (hasNul(publicationId, "id" in ref ? ref.id : ref.slug)) return undefined;
      const byId = "id" in ref;
      const values = [publicationId, byId ? ref.id : ref.slug];
      // One round trip: the read runs after the lock is held, in a snapshot of its own.
      const [locked, row] = await Promise.all([
        first<{ id: string }>(byId ? SQL.lockById : SQL.lockBySlug, values),
        first<StoredRow>(byId ? SQL.readById : SQL.readBySlug, values),
      ]);
      return locked === undefined || row === undefined ? undefined : toStoredPost(row);
    },
    async writtenPost(publicationId, id) {
      const kept = readBack(id);
      const row =
        kept?.publication_id === publicationId
          ? kept
          : await first<StoredRow>(SQL.readById, [publicationId, id]);
      return row && toStoredPost(row);
    },
    async slugHolder(publicationId, slug) {
      if (hasNul(publicationId, slug)) return undefined;
      const held = await first<{ id: string; current: boolean }>(SQL.holder, [publicationId, slug]);
      return held && { postId: held.id, current: held.current };
    },
    async foreignAuthors(publicationId, authorIds) {
      if (authorIds.length === 0) return [];
      const found = await query<{ id: string }>(SQL.authors, [publicationId, authorIds]);
      const known = new Set(found.rows.map((r) => r.id));
      return authorIds.filter((id) => !known.has(id));
    },
    async deletePost(id) {
      const gone = await first<{ publicationId: string; tags: string[] }>(SQL.deletePost, [id]);
      if (gone) await deleted(id, gone.publicationId, gone.tags);
    },
    async claimIdempotencyKey(c) {
      sql.send(SQL.purgeKeys, [c.expiredBefore]);
      const values = [c.publicationId, c.key, c.requestHash, c.now, c.expiredBefore];
      if ((await query(SQL.claim, values)).rowCount === 1) return undefined;
      return first<{ requestHash: string; answer: string }>(SQL.answer, [c.publicationId, c.key]);
    },
    async saveIdempotentAnswer(publicationId, key, answer) {
      sql.send(SQL.save, [answer, publicationId, key]);
    },
  };
}

/** PostgreSQL text cannot hold a NUL, so no stored key has one; asking would be an error. */
const hasNul = (...keys: string[]) => keys.some((key) => key.includes("\0"));
