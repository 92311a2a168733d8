// The store's checks on an import batch (references exist, slugs unique), set-based: one
// query fetches every row the batch could touch, then the batch is walked in file order
// against that snapshot, updated as records are accepted. Every branch of the query is an
// index lookup per key (an OR across branches would scan the table on every batch). The answers match the SQLite
// store's record-by-record checks, messages included.
import type { Pipeline } from "./pipeline.js";
import type { NumberedRecord, Rejection } from "../post-store.js";

/** NUL cannot occur in PostgreSQL text, so it cannot make two keys collide. */
const key = (publicationId: string, slug: string) => `${publicationId}\u0000${slug}`;

interface Snapshot {
  publicationSlug: Map<string, string>; // id → slug
  publicationBySlug: Map<string, string>; // slug → id
  authors: Set<string>;
  postKey: Map<string, string>; // id → key
  postByKey: Map<string, string>; // key → id
  keyByHash: Map<string, string>; // API key hash → id
}

const SNAPSHOT_SQL = `
  SELECT 'publication' AS kind, id, slug AS a, NULL AS b FROM publications
   WHERE id = ANY($1::text[]) OR slug = ANY($2::text[])
  UNION ALL
  SELECT 'author', id, NULL, NULL FROM authors WHERE id = ANY($3::text[])
  UNION ALL
  SELECT 'post', id, publication_id, slug FROM posts WHERE id = ANY($4::text[])
  UNION ALL
  SELECT 'post', p.id, p.publication_id, p.slug
    FROM unnest($5::text[], $6::text[]) AS k(publication_id, slug)
    JOIN posts p ON p.publication_id = k.publication_id AND p.slug = k.slug
  UNION ALL
  SELECT 'apiKey', id, hash, NULL FROM api_keys WHERE hash = ANY($7::text[])`;

interface SnapshotRow {
  kind: "publication" | "author" | "post" | "apiKey";
  id: string;
  a: string | null;
  b: string | null;
}

async function loadSnapshot(sql: Pipeline, batch: readonly NumberedRecord[]) {
  const [pubIds, pubSlugs, authorIds, postIds, postPubs, postSlugs, hashes] = [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
  ] as string[][] as [string[], string[], string[], string[], string[], string[], string[]];
  for (const { record } of batch) {
    if (record.type === "publication") {
      pubIds.push(record.id);
      pubSlugs.push(record.slug);
      continue;
    }
    if (record.publicationId !== undefined) pubIds.push(record.publicationId);
    if (record.type === "apiKey") hashes.push(record.hash);
    if (record.type === "apiKey" || record.type === "webhookEndpoint") continue;
    if (record.type === "author" || record.type === "media") continue;
    authorIds.push(...record.authorIds);
    postIds.push(record.id);
    postPubs.push(record.publicationId);
    postSlugs.push(record.slug);
  }
  const params = [pubIds, pubSlugs, authorIds, postIds, postPubs, postSlugs, hashes];
  const { rows } = await sql.query<SnapshotRow>(SNAPSHOT_SQL, params);
  const snapshot: Snapshot = {
    publicationSlug: new Map(),
    publicationBySlug: new Map(),
    authors: new Set(),
    postKey: new Map(),
    postByKey: new Map(),
    keyByHash: new Map(),
  };
  for (const row of rows) {
    if (row.kind === "publication") {
      snapshot.publicationSlug.set(row.id, row.a!);
      snapshot.publicationBySlug.set(row.a!, row.id);
    } else if (row.kind === "author") {
      snapshot.authors.add(row.id);
    } else if (row.kind === "apiKey") {
      snapshot.keyByHash.set(row.a!, row.id);
    } else {
      snapshot.postKey.set(row.id, key(row.a!, row.b!));
      snapshot.postByKey.set(key(row.a!, row.b!), row.id);
    }
  }
  return snapshot;
}

/** Splits a batch into the records to write and the rejections, in one round-trip. */
export async function checkBatch(sql: Pipeline, batch: readonly NumberedRecord[]) {
  const snapshot = await loadSnapshot(sql, batch);
  const accepted: NumberedRecord[] = [];
  const rejections: Rejection[] = [];
  for (const item of batch) {
    const rejection = check(snapshot, item);
    if (rejection) rejections.push(rejection);
    else accepted.push(item);
  }
  return { accepted, rejections };
}

/** Checks one record against the snapshot and, when it passes, records its effect there. */
function check(s: Snapshot, { line, record }: NumberedRecord): Rejection | undefined {
  if (record.type === "publication") {
    const owner = s.publicationBySlug.get(record.slug);
    if (owner !== undefined && owner !== record.id) {
      return { line, field: "slug", reason: `already used by publication ${owner}` };
    }
    moveOwnership(s.publicationSlug, s.publicationBySlug, record.id, record.slug);
    return undefined;
  }
  if (record.type === "webhookEndpoint" && record.publicationId === undefined) return undefined;
  if (!s.publicationSlug.has(record.publicationId!)) {
    return { line, field: "publicationId", reason: `unknown publication ${record.publicationId}` };
  }
  if (record.type === "author") {
    s.authors.add(record.id);
    return undefined;
  }
  if (record.type === "webhookEndpoint" || record.type === "media") return undefined;
  if (record.type === "apiKey") {
    const owner = s.keyByHash.get(record.hash);
    if (owner !== undefined && owner !== record.id) {
      return { line, field: "hash", reason: `already the hash of key ${owner}` };
    }
    s.keyByHash.set(record.hash, record.id);
    return undefined;
  }
  const missing = record.authorIds.find((id) => !s.authors.has(id));
  if (missing !== undefined) {
    return { line, field: "authorIds", reason: `unknown author ${missing}` };
  }
  const postKey = key(record.publicationId, record.slug);
  const owner = s.postByKey.get(postKey);
  if (owner !== undefined && owner !== record.id) {
    return { line, field: "slug", reason: `already used by post ${owner} in this publication` };
  }
  moveOwnership(s.postKey, s.postByKey, record.id, postKey);
  return undefined;
}

/** `id` now holds `value`: the value it held before is free for others. */
function moveOwnership(
  byId: Map<string, string>,
  owner: Map<string, string>,
  id: string,
  value: string,
) {
  const previous = byId.get(id);
  if (previous !== undefined && owner.get(previous) === id) owner.delete(previous);
  byId.set(id, value);
  owner.set(value, id);
}
