// What an export carries besides the posts themselves, written on SQLite inside the import's
// transaction: a post's slug history and view total when its line gives them, API keys,
// webhook endpoints and images (upserts by id, so importing the same file twice changes
// nothing).
import type { Database, Statement } from "better-sqlite3";
import type { ApiKeyInput, EndpointInput, MediaInput, PostInput } from "../post-store.js";
import { numbered } from "./background.js";

const prepared = new WeakMap<Database, KeptStatements>();

type KeptStatements = Record<
  | "clearHistory"
  | "addHistory"
  | "setViews"
  | "upsertKey"
  | "upsertEndpoint"
  | "keyByHash"
  | "upsertMedia"
  | "clearVariants"
  | "addVariant",
  Statement
>;

export function keptStatements(db: Database): KeptStatements {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = prepareAll(db);
    prepared.set(db, statements);
  }
  return statements;
}

// Prepared on first use: a statement names its tables when prepared, and an import into a store
// at an older schema step (a test of the step itself) must not need tables it never writes.
function prepareAll(db: Database): KeptStatements {
  const prepare = (text: string) => () => db.prepare(text);
  return lazily({
    clearHistory: prepare(`DELETE FROM post_slug_history WHERE post_id = ?`),
    // A slug another post now holds stays that post's: an old slug never shadows a live one.
    addHistory: prepare(`INSERT INTO post_slug_history (publication_id, slug, post_id)
      SELECT ?1, ?2, ?3 WHERE NOT EXISTS
        (SELECT 1 FROM posts WHERE publication_id = ?1 AND slug = ?2)
      ON CONFLICT (publication_id, slug) DO UPDATE SET post_id = excluded.post_id`),
    setViews: prepare(`INSERT INTO post_views (post_id, views) VALUES (?, ?)
      ON CONFLICT (post_id) DO UPDATE SET views = excluded.views`),
    keyByHash: () => db.prepare(`SELECT id FROM api_keys WHERE hash = ?`).pluck(),
    upsertKey: prepare(`INSERT INTO api_keys (id, publication_id, name, hash, hint, created_at,
        revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
        name = excluded.name, hash = excluded.hash, hint = excluded.hint,
        created_at = excluded.created_at, revoked_at = excluded.revoked_at`),
    upsertEndpoint: prepare(`INSERT INTO webhook_endpoints (id, url, publication_id, events,
        include_content, secret, created_at, disabled_at, disabled_reason)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET url = excluded.url,
        publication_id = excluded.publication_id, events = excluded.events,
        include_content = excluded.include_content, secret = excluded.secret,
        created_at = excluded.created_at, disabled_at = excluded.disabled_at,
        disabled_reason = excluded.disabled_reason`),
    upsertMedia: prepare(`INSERT INTO media (id, publication_id, format, width, height, created_at)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
        format = excluded.format, width = excluded.width, height = excluded.height,
        created_at = excluded.created_at`),
    clearVariants: prepare(`DELETE FROM media_variants WHERE media_id = ?`),
    addVariant: prepare(`INSERT INTO media_variants (media_id, width, height, etag, bytes)
      VALUES (?, ?, ?, ?, ?)`),
  });
}

function lazily(makers: Record<keyof KeptStatements, () => Statement>): KeptStatements {
  const made: Partial<KeptStatements> = {};
  const statements = {} as KeptStatements;
  for (const name of Object.keys(makers) as (keyof KeptStatements)[]) {
    Object.defineProperty(statements, name, {
      enumerable: true,
      get: () => (made[name] ??= makers[name]()),
    });
  }
  return statements;
}

/** The slug history and views a post line gave; a line without them leaves them alone. */
export function writePostKept(sql: KeptStatements, p: PostInput): void {
  if (p.oldSlugs !== undefined) {
    sql.clearHistory.run(p.id);
    for (const slug of p.oldSlugs) sql.addHistory.run(numbered(p.publicationId, slug, p.id));
  }
  if (p.views !== undefined) sql.setViews.run(p.id, p.views);
}

export function writeApiKey(sql: KeptStatements, k: ApiKeyInput): void {
  sql.upsertKey.run(
    ...[k.id, k.publicationId, k.name ?? null, k.hash, k.hint, k.createdAt, k.revokedAt ?? null],
  );
}

export function writeEndpoint(sql: KeptStatements, e: EndpointInput): void {
  sql.upsertEndpoint.run(
    ...[e.id, e.url, e.publicationId ?? null, e.events?.join(",") ?? null],
    ...[e.includeContent ? 1 : 0, e.secret, e.createdAt, e.disabledAt ?? null],
    e.disabledReason ?? null,
  );
}

/** The image and exactly the variants its line gives: a width the line lacks is gone. */
export function writeMedia(sql: KeptStatements, m: MediaInput): void {
  sql.upsertMedia.run(m.id, m.publicationId, m.format, m.width, m.height, m.createdAt);
  sql.clearVariants.run(m.id);
  for (const v of m.variants) {
    sql.addVariant.run(m.id, v.width, v.height, v.etag, Buffer.from(v.bytes));
  }
}
