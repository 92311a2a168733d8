// What an export carries besides the posts themselves, written on PostgreSQL inside the
// import's transaction, a few multi-row statements per batch: a post's slug history and view
// total when its line gives them, API keys, webhook endpoints and images (upserts by id, so
// importing the same file twice changes nothing). The same rules as sqlite/kept-writes.ts.
// Nothing here is awaited: the statements ride with the transaction's next awaited one.
import type { ApiKeyInput, EndpointInput, MediaInput, PostInput } from "../post-store.js";
import type { Pipeline } from "./pipeline.js";

const CLEAR_HISTORY = `DELETE FROM post_slug_history WHERE post_id = ANY($1::text[])`;
// A slug another post now holds stays that post's: an old slug never shadows a live one.
const ADD_HISTORY = `INSERT INTO post_slug_history (publication_id, slug, post_id)
  SELECT k.publication_id, k.slug, k.post_id
    FROM unnest($1::text[], $2::text[], $3::text[]) AS k(publication_id, slug, post_id)
   WHERE NOT EXISTS (SELECT 1 FROM posts p
                      WHERE p.publication_id = k.publication_id AND p.slug = k.slug)
  ON CONFLICT (publication_id, slug) DO UPDATE SET post_id = excluded.post_id`;
const SET_VIEWS = `INSERT INTO post_views (post_id, views)
  SELECT * FROM unnest($1::text[], $2::bigint[])
  ON CONFLICT (post_id) DO UPDATE SET views = excluded.views`;
const UPSERT_KEYS = `INSERT INTO api_keys (id, publication_id, name, hash, hint, created_at,
    revoked_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::bigint[], $7::bigint[])
  ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
    name = excluded.name, hash = excluded.hash, hint = excluded.hint,
    created_at = excluded.created_at, revoked_at = excluded.revoked_at`;
const UPSERT_ENDPOINTS = `INSERT INTO webhook_endpoints (id, url, publication_id, events,
    include_content, secret, created_at, disabled_at, disabled_reason)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[],
    $6::text[], $7::bigint[], $8::bigint[], $9::text[])
  ON CONFLICT (id) DO UPDATE SET url = excluded.url,
    publication_id = excluded.publication_id, events = excluded.events,
    include_content = excluded.include_content, secret = excluded.secret,
    created_at = excluded.created_at, disabled_at = excluded.disabled_at,
    disabled_reason = excluded.disabled_reason`;

const UPSERT_MEDIA = `INSERT INTO media (id, publication_id, format, width, height, created_at)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
    format = excluded.format, width = excluded.width, height = excluded.height,
    created_at = excluded.created_at`;
const CLEAR_VARIANTS = `DELETE FROM media_variants WHERE media_id = $1`;
const ADD_VARIANTS = `INSERT INTO media_variants (media_id, width, height, etag, bytes)
  SELECT $1, * FROM unnest($2::integer[], $3::integer[], $4::text[], $5::bytea[])`;

/** Rows as one array per column, for unnest. */
function columns(rows: readonly unknown[][]): unknown[][] {
  const width = rows[0]?.length ?? 0;
  return Array.from({ length: width }, (_, i) => rows.map((row) => row[i] ?? null));
}

/** The slug history and views post lines gave; a line without them leaves them alone. */
export function writePostsKept(sql: Pipeline, posts: readonly PostInput[]): void {
  const withHistory = posts.filter((p) => p.oldSlugs !== undefined);
  if (withHistory.length > 0) {
    sql.send(CLEAR_HISTORY, [withHistory.map((p) => p.id)]);
    // One statement may not touch a row twice: the last line to name a slug keeps it.
    const history = new Map<string, unknown[]>();
    for (const p of withHistory) {
      for (const slug of p.oldSlugs!) {
        history.set(`${p.publicationId}\u0000${slug}`, [p.publicationId, slug, p.id]);
      }
    }
    if (history.size > 0) sql.send(ADD_HISTORY, columns([...history.values()]));
  }
  const views = posts.filter((p) => p.views !== undefined).map((p) => [p.id, p.views]);
  if (views.length > 0) sql.send(SET_VIEWS, columns(views));
}

export function writeApiKeys(sql: Pipeline, keys: readonly ApiKeyInput[]): void {
  if (keys.length === 0) return;
  const rows = keys.map((k) => [
    ...[k.id, k.publicationId, k.name, k.hash, k.hint, k.createdAt, k.revokedAt],
  ]);
  sql.send(UPSERT_KEYS, columns(rows));
}

export function writeEndpoints(sql: Pipeline, endpoints: readonly EndpointInput[]): void {
  if (endpoints.length === 0) return;
  const rows = endpoints.map((e) => [
    ...[e.id, e.url, e.publicationId, e.events?.join(","), e.includeContent, e.secret],
    ...[e.createdAt, e.disabledAt, e.disabledReason],
  ]);
  sql.send(UPSERT_ENDPOINTS, columns(rows));
}

/** Each image and exactly the variants its line gives (a width the line lacks is gone). */
export function writeMedia(sql: Pipeline, media: readonly MediaInput[]): void {
  for (const m of media) {
    sql.send(UPSERT_MEDIA, [...[m.id, m.publicationId, m.format, m.width, m.height, m.createdAt]]);
    sql.send(CLEAR_VARIANTS, [m.id]);
    const rows = m.variants.map((v) => [v.width, v.height, v.etag, Buffer.from(v.bytes)]);
    sql.send(ADD_VARIANTS, [m.id, ...columns(rows)]);
  }
}
