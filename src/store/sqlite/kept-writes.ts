// What an export carries besides the posts themselves, written on SQLite inside the import's
// transaction: a post's slug history and view total when its line gives them, API keys,
// webhook endpoints and images (upserts by id, so importing the same file twice changes
// nothing).
import type { Database, Statement } from "better-sqlite3";
import type { ApiKeyInput, EndpointInput, MediaInput, PostInput } from "../post-store.js";
import { numbered } from "./background.js";
import { lazyStatements } from "./errors.js";

const SQL = {
  clearHistory: `DELETE FROM post_slug_history WHERE post_id = ?`,
  // A slug another post now holds stays that post's: an old slug never shadows a live one.
  addHistory: `INSERT INTO post_slug_history (publication_id, slug, post_id)
    SELECT ?1, ?2, ?3 WHERE NOT EXISTS
      (SELECT 1 FROM posts WHERE publication_id = ?1 AND slug = ?2)
    ON CONFLICT (publication_id, slug) DO UPDATE SET post_id = excluded.post_id`,
  setViews: `INSERT INTO post_views (post_id, views) VALUES (?, ?)
    ON CONFLICT (post_id) DO UPDATE SET views = excluded.views`,
  keyByHash: `SELECT id FROM api_keys WHERE hash = ?`,
  upsertKey: `INSERT INTO api_keys (id, publication_id, name, hash, hint, created_at,
      revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
      name = excluded.name, hash = excluded.hash, hint = excluded.hint,
      created_at = excluded.created_at, revoked_at = excluded.revoked_at`,
  upsertEndpoint: `INSERT INTO webhook_endpoints (id, url, publication_id, events,
      include_content, secret, created_at, disabled_at, disabled_reason)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET url = excluded.url,
      publication_id = excluded.publication_id, events = excluded.events,
      include_content = excluded.include_content, secret = excluded.secret,
      created_at = excluded.created_at, disabled_at = excluded.disabled_at,
      disabled_reason = excluded.disabled_reason`,
  upsertMedia: `INSERT INTO media (id, publication_id, format, width, height, created_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
      format = excluded.format, width = excluded.width, height = excluded.height,
      created_at = excluded.created_at`,
  clearVariants: `DELETE FROM media_variants WHERE media_id = ?`,
  addVariant: `INSERT INTO media_variants (media_id, width, height, etag, bytes)
    VALUES (?, ?, ?, ?, ?)`,
};

/** A connection's kept statements, each prepared at its first use. */
export type KeptStatements = (text: string) => Statement;

const prepared = new WeakMap<Database, KeptStatements>();

// Once per connection, not per write transaction (an API write opens one per request). Prepared
// on first use: a statement names its tables when prepared, and an import into a store at an
// older schema step (a test of the step itself) must not need tables it never writes.
export function keptStatements(db: Database): KeptStatements {
  let statements = prepared.get(db);
  if (statements === undefined) prepared.set(db, (statements = lazyStatements(db)));
  return statements;
}

/** The id of the key stored with this hash. */
export function keyWithHash(sql: KeptStatements, hash: string): string | undefined {
  return (sql(SQL.keyByHash).get(hash) as { id: string } | undefined)?.id;
}

/** The slug history and views a post line gave; a line without them leaves them alone. */
export function writePostKept(sql: KeptStatements, p: PostInput): void {
  if (p.oldSlugs !== undefined) {
    sql(SQL.clearHistory).run(p.id);
    for (const slug of p.oldSlugs) sql(SQL.addHistory).run(numbered(p.publicationId, slug, p.id));
  }
  if (p.views !== undefined) sql(SQL.setViews).run(p.id, p.views);
}

export function writeApiKey(sql: KeptStatements, k: ApiKeyInput): void {
  sql(SQL.upsertKey).run(
    ...[k.id, k.publicationId, k.name ?? null, k.hash, k.hint, k.createdAt, k.revokedAt ?? null],
  );
}

export function writeEndpoint(sql: KeptStatements, e: EndpointInput): void {
  sql(SQL.upsertEndpoint).run(
    ...[e.id, e.url, e.publicationId ?? null, e.events?.join(",") ?? null],
    ...[e.includeContent ? 1 : 0, e.secret, e.createdAt, e.disabledAt ?? null],
    e.disabledReason ?? null,
  );
}

/** The image and exactly the variants its line gives: a width the line lacks is gone. */
export function writeMedia(sql: KeptStatements, m: MediaInput): void {
  sql(SQL.upsertMedia).run(m.id, m.publicationId, m.format, m.width, m.height, m.createdAt);
  sql(SQL.clearVariants).run(m.id);
  for (const v of m.variants) {
    sql(SQL.addVariant).run(m.id, v.width, v.height, v.etag, Buffer.from(v.bytes));
  }
}
