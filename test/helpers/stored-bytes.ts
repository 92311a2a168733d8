// What a store holds in post_bytes, read behind its back, and what today's serializer makes
// of each post's record: the two must be byte-identical (store/stored-bytes.ts).
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import pg from "pg";
import { Representation, joinContent, postSerializer } from "../../src/http/wire/representation.js";
import { toWirePost } from "../../src/http/wire/post.js";
import type { PostStore } from "../../src/store/post-store.js";
import type { StoreFactory } from "./stores.js";

export interface Stored {
  etag: string;
  body: Buffer;
}

/**
 * Every stored body, keyed `id` (without content) and `id+` (with: the body without and the
 * post's content columns, joined as a read joins them, under the validator kept for it). A
 * row with content of an older Folio's kind would be keyed `id+whole`.
 */
export async function storedBodies(
  factory: StoreFactory,
  url: string,
): Promise<Map<string, Stored>> {
  const sql = `SELECT b.post_id, b.content, b.etag, b.body, b.full_etag, b.content_at,
      p.static_html, p.content_json, p.markdown
    FROM post_bytes b JOIN posts p ON p.id = b.post_id`;
  // PostgreSQL keeps bodies as text (postgres/schema-bytes.ts), SQLite as blobs.
  type Row = {
    post_id: string;
    content: number | boolean;
    etag: string;
    body: Buffer | string;
    full_etag: string | null;
    content_at: number | null;
    static_html: string;
    content_json: string;
    markdown: string;
  };
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
  const bodies = new Map<string, Stored>();
  for (const r of rows) {
    const body = Buffer.from(r.body);
    if (r.content) {
      bodies.set(`${r.post_id}+whole`, { etag: r.etag, body });
      continue;
    }
    bodies.set(r.post_id, { etag: r.etag, body });
    if (r.full_etag === null || r.content_at === null) continue;
    const content = {
      at: r.content_at,
      staticHtml: r.static_html,
      json: r.content_json,
      markdown: r.markdown,
    };
    bodies.set(`${r.post_id}+`, { etag: r.full_etag, body: joinContent(body, content) });
  }
  return bodies;
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
 * Asserts that every post's stored bodies are what today's serializer makes of its record
 * (fast-json-stringify, the body with content made whole), byte for byte, under the ETags a
 * read from the record gives (Representation.of); returns how many.
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
      const serialized: Buffer = Buffer.from(postSerializer()(toWirePost(record, withContent)));
      assert.equal(kept.body.toString(), serialized.toString(), `${id} (content: ${withContent})`);
      assert.ok(built.body.equals(serialized), `${id} (content: ${withContent}): a read's bytes`);
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
