// What a store holds in post_bytes, read behind its back, and what today's serializer makes
// of each post's record: the two must be byte-identical (store/stored-bytes.ts).
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import pg from "pg";
import { Representation } from "../../src/http/wire/representation.js";
import type { PostStore } from "../../src/store/post-store.js";
import type { StoreFactory } from "./stores.js";

export interface Stored {
  etag: string;
  body: Buffer;
}

/** Every stored body, keyed `id` (without content) and `id+` (with). */
export async function storedBodies(
  factory: StoreFactory,
  url: string,
): Promise<Map<string, Stored>> {
  const sql = "SELECT post_id, content, etag, body FROM post_bytes";
  // PostgreSQL keeps bodies as text (postgres/schema-bytes.ts), SQLite as blobs.
  type Row = { post_id: string; content: number | boolean; etag: string; body: Buffer | string };
  let rows: Row[];
  if (factory.name === "sqlite") {
    const db = new Database(url, { readonly: true });
    rows = db.prepare(sql).all() as Row[];
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    rows = (await client.query<Row>(sql)).rows;
    await client.end();
  }
  return new Map(
    rows.map((r) => [`${r.post_id}${r.content ? "+" : ""}`, { ...r, body: Buffer.from(r.body) }]),
  );
}

/** Deletes the stored bodies of one post, or of every post: it is then served from records. */
export async function dropBodies(factory: StoreFactory, url: string, postId?: string) {
  const sql = "DELETE FROM post_bytes WHERE cast(? as text) IS NULL OR post_id = ?";
  if (factory.name === "sqlite") {
    const db = new Database(url);
    db.prepare(sql).run(postId ?? null, postId ?? null);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql.replaceAll("?", "$1"), [postId ?? null]);
  await client.end();
}

export async function postIds(factory: StoreFactory, url: string): Promise<string[]> {
  if (factory.name === "sqlite") {
    const db = new Database(url, { readonly: true });
    const ids = db.prepare("SELECT id FROM posts ORDER BY id").pluck().all() as string[];
    db.close();
    return ids;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>("SELECT id FROM posts ORDER BY id");
  await client.end();
  return rows.map((r) => r.id);
}

/**
 * Asserts that every post's stored bodies are what today's path builds from its record
 * (Representation.of: fast-json-stringify, then SHA-1), byte for byte; returns how many.
 */
export async function assertStoredMatch(
  store: PostStore,
  factory: StoreFactory,
  url: string,
): Promise<number> {
  const stored = await storedBodies(factory, url);
  const ids = await postIds(factory, url);
  assert.equal(stored.size, ids.length * 2, "two bodies per post, no more, no less");
  for (const id of ids) {
    const record = await store.findPostById(id, { withContent: true });
    assert.ok(record, id);
    for (const withContent of [false, true]) {
      const built = Representation.of(record, withContent, "https://site.example");
      const kept = stored.get(`${id}${withContent ? "+" : ""}`);
      assert.ok(kept, `${id} has a stored body (content: ${withContent})`);
      assert.ok(kept.body.equals(built.body), `${id} (content: ${withContent}): bytes differ`);
      assert.equal(kept.etag, built.etag, `${id} (content: ${withContent}): etag`);
    }
  }
  return ids.length;
}

/** Runs a statement on the store's database behind Folio's back, as another program would. */
export async function runBehind(factory: StoreFactory, url: string, sql: string): Promise<void> {
  if (factory.name === "sqlite") {
    const db = new Database(url);
    db.exec(sql);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}
