// What an API write transaction asks the same way on both backends, written once
// (statement.ts): a post with every stored field, and the idempotency keys. Each backend runs
// them its own way, SQLite on its write connection, PostgreSQL in its transaction's pipeline
// (<backend>/authoring-writes.ts); locking a post and finding a slug's holder differ and stay
// there.
import { selectStoredPosts, type StoredRow } from "./post-row.js";
import { statement, type Statement } from "./statement.js";

interface PostKey {
  publicationId: string;
  key: string;
}

/** A post of the publication, by id or by its current slug, with every stored field. */
const stored = (column: "p.id" | "p.slug") =>
  statement((db, a: PostKey, dialect) =>
    selectStoredPosts(db, dialect)
      .where("p.publication_id", "=", a.publicationId)
      .where(column, "=", a.key),
  ) as Statement<PostKey, StoredRow>;

export const AUTHORING_SQL = {
  storedById: stored("p.id"),
  storedBySlug: stored("p.slug"),
  purgeKeys: statement((db, a: { before: number }) =>
    db.deleteFrom("idempotency_keys").where("created_at", "<", a.before),
  ),
  /**
   * Takes the key when it is new or expired, and changes no row when it is live. On
   * PostgreSQL a claim of the same key by another open transaction makes this wait for it to
   * end, then see its row.
   */
  claim: statement((db, a: PostKey & { requestHash: string; now: number; expiredBefore: number }) =>
    db
      .insertInto("idempotency_keys")
      .values({
        publication_id: a.publicationId,
        key: a.key,
        request_hash: a.requestHash,
        answer: null,
        created_at: a.now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(["publication_id", "key"])
          .doUpdateSet((eb) => ({
            request_hash: eb.ref("excluded.request_hash"),
            answer: null,
            created_at: eb.ref("excluded.created_at"),
          }))
          .where("idempotency_keys.created_at", "<", a.expiredBefore),
      ),
  ),
  answer: statement((db, a: PostKey) =>
    db
      .selectFrom("idempotency_keys")
      .select(["request_hash as requestHash", "answer"])
      .where("publication_id", "=", a.publicationId)
      .where("key", "=", a.key),
  ),
  save: statement((db, a: PostKey & { answer: string }) =>
    db
      .updateTable("idempotency_keys")
      .set({ answer: a.answer })
      .where("publication_id", "=", a.publicationId)
      .where("key", "=", a.key),
  ),
};
