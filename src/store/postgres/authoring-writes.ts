// The authoring questions and removals of the PostgreSQL write transaction. A post is
// locked (FOR UPDATE) before it is read, and read by a second statement: under READ
// COMMITTED that statement's snapshot includes whatever the writer we waited for committed.
import type { AuthoringWrites, PostRef } from "../authoring-writes.js";
import type { Pipeline } from "./pipeline.js";
import { AUTHORING_SQL as SHARED } from "../authoring-statements.js";
import { toStoredPost, type StoredRow } from "../post-row.js";
import type { Statement } from "../statement.js";

const SQL = {
  lockById: "SELECT id FROM posts WHERE publication_id = $1 AND id = $2 FOR UPDATE",
  lockBySlug: "SELECT id FROM posts WHERE publication_id = $1 AND slug = $2 FOR UPDATE",
  // The post that holds a slug now, else the one that held it last.
  holder: `SELECT id, true AS current FROM posts WHERE publication_id = $1 AND slug = $2
    UNION ALL
    SELECT post_id, false FROM post_slug_history WHERE publication_id = $1 AND slug = $2
    ORDER BY current DESC LIMIT 1`,
  authors: "SELECT id FROM authors WHERE publication_id = $1 AND id = ANY($2::text[])",
  // The categories are read before the row goes (they cascade), for the change notice.
  deletePost: `DELETE FROM posts p WHERE p.id = $1 RETURNING p.publication_id AS "publicationId",
    ARRAY(SELECT c.name FROM post_categories c WHERE c.post_id = p.id) AS tags`,
};

/** A statement written once, as this backend sends it. */
const shared = <A>(s: Statement<A>, args: A): [string, unknown[]] => [
  s.postgres.sql,
  s.postgres.values(args),
];

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
      const key = byId ? ref.id : ref.slug;
      const read = shared(byId ? SHARED.storedById : SHARED.storedBySlug, { publicationId, key });
      // One round trip: the read runs after the lock is held, in a snapshot of its own.
      const [locked, row] = await Promise.all([
        first<{ id: string }>(byId ? SQL.lockById : SQL.lockBySlug, [publicationId, key]),
        first<StoredRow>(...read),
      ]);
      return locked === undefined || row === undefined ? undefined : toStoredPost(row);
    },
    async writtenPost(publicationId, id) {
      const kept = readBack(id);
      const row =
        kept?.publication_id === publicationId
          ? kept
          : await first<StoredRow>(...shared(SHARED.storedById, { publicationId, key: id }));
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
      sql.send(...shared(SHARED.purgeKeys, { before: c.expiredBefore }));
      if ((await query(...shared(SHARED.claim, c))).rowCount === 1) return undefined;
      return first<{ requestHash: string; answer: string }>(...shared(SHARED.answer, c));
    },
    async saveIdempotentAnswer(publicationId, key, answer) {
      sql.send(...shared(SHARED.save, { publicationId, key, answer }));
    },
  };
}

/** PostgreSQL text cannot hold a NUL, so no stored key has one; asking would be an error. */
const hasNul = (...keys: string[]) => keys.some((key) => key.includes("\0"));
