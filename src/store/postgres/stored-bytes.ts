// Stored response bytes on PostgreSQL (store/stored-bytes.ts): the read of a post's ready
// body, and the rewrite of the bodies of posts a write touched, inside that write's transaction.
import type { PoolClient } from "pg";
import { Pipeline } from "./pipeline.js";
import type { Represent, StoredBytesReader, StoredBody } from "../stored-bytes.js";
import { visibleWhere } from "../visibility.js";
import { ReadBatch } from "./read-batch.js";
import { hasNul, namedRead, type ReadContext } from "./reads.js";
import { STORED_POSTS_BY_IDS, from } from "./queries.js";
import { toPostRecord, type StoredRow } from "./rows.js";

// Visibility in the WHERE clause, as for every read: a hidden post costs what a missing one
// costs. `$1` is whether the body has content; the keys and then `now` follow.
const read = (where: string, now: string) => `SELECT p.id, p.publication_id AS "publicationId",
    pub.slug AS "publicationSlug", p.slug, p.updated_at AS "updatedAt", b.etag, b.body
  ${from}
  LEFT JOIN post_bytes b ON b.post_id = p.id AND b.content = $1
  WHERE ${where} AND ${visibleWhere("p", now)}`;

// Many posts a statement (read-batch.ts): ids, or (publication slug, post slug) pairs.
const BY_IDS = read("p.id = ANY($2::text[])", "$3");
const BY_SLUGS = read("(pub.slug, p.slug) IN (SELECT * FROM unnest($2::text[], $3::text[]))", "$4");
const UPSERT = `INSERT INTO post_bytes (post_id, content, etag, body)
  SELECT * FROM unnest($1::text[], $2::boolean[], $3::text[], $4::text[])
  ON CONFLICT (post_id, content) DO UPDATE SET etag = excluded.etag, body = excluded.body`;
const DROP = `DELETE FROM post_bytes WHERE post_id = ANY($1::text[])`;
const POSTS_OF_AUTHORS = `SELECT DISTINCT post_id FROM post_authors
  WHERE author_id = ANY($1::text[])`;
const MISSING = `SELECT p.id FROM posts p
  WHERE NOT EXISTS (SELECT 1 FROM post_bytes b WHERE b.post_id = p.id) ORDER BY p.id LIMIT $1`;

/** Posts re-read and re-serialized per statement: bounds a statement's parameters. */
const CHUNK = 500;

interface Row extends Omit<StoredBody, "body" | "etag" | "updatedAt"> {
  updatedAt: string;
  etag: string | null;
  body: string | null;
}

function stored(row: Row | undefined): StoredBody | undefined {
  if (row === undefined) return undefined;
  const { etag, body, updatedAt, ...rest } = row;
  const post = { ...rest, updatedAt: Number(updatedAt) };
  return etag === null || body === null ? post : { ...post, etag, body: Buffer.from(body) };
}

/** Slugs hold no NUL (hasNul): the pair's key cannot be another pair's. */
const slugsKey = (publicationSlug: string, slug: string) => `${publicationSlug}\0${slug}`;

export function postgresStoredBytesReader(context: ReadContext): StoredBytesReader {
  const batches = (withContent: boolean) => ({
    byId: new ReadBatch<Row>(
      (ids, at) => namedRead<Row>(context, "storedByIds", BY_IDS, [withContent, ids, String(at)]),
      (row) => row.id,
    ),
    bySlugs: new ReadBatch<Row>(
      (keys, at) => {
        const pairs = keys.map((key) => key.split("\0"));
        const columns = [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
        return namedRead<Row>(context, "storedBySlugs", BY_SLUGS, [
          ...[withContent, ...columns, String(at)],
        ]);
      },
      (row) => slugsKey(row.publicationSlug, row.slug),
    ),
  });
  const [meta, full] = [batches(false), batches(true)];
  return {
    async findStoredById(id, withContent, visibleAt) {
      if (hasNul([id])) return undefined;
      return stored(await (withContent ? full : meta).byId.get(id, visibleAt));
    },
    async findStoredBySlugs(publicationSlug, postSlug, withContent, visibleAt) {
      if (hasNul([publicationSlug, postSlug])) return undefined;
      const key = slugsKey(publicationSlug, postSlug);
      return stored(await (withContent ? full : meta).bySlugs.get(key, visibleAt));
    },
  };
}

/**
 * The posts' bodies as they now read, inside the transaction; resolves to the rows read,
 * as written. Without a Represent the old bodies are only dropped: a missing body is rebuilt
 * on read, a stale one would be served. The bodies are sent, not awaited: they ride with
 * the transaction's next statement.
 */
export async function refreshBytes(
  sql: Pipeline,
  represent: Represent | undefined,
  postIds: Iterable<string>,
): Promise<StoredRow[]> {
  const ids = [...new Set(postIds)];
  const read: StoredRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    if (represent === undefined) {
      sql.send(DROP, [chunk]);
      continue;
    }
    const { rows } = await sql.query<StoredRow>(STORED_POSTS_BY_IDS, [chunk]);
    const columns: [string[], boolean[], string[], string[]] = [[], [], [], []];
    for (const row of rows) {
      const { meta, full } = represent(toPostRecord(row));
      columns[0].push(row.id, row.id);
      columns[1].push(false, true);
      columns[2].push(meta.etag, full.etag);
      columns[3].push(meta.body.toString(), full.body.toString());
      read.push(row);
    }
    if (rows.length > 0) sql.send(UPSERT, columns);
  }
  return read;
}

/** Every post that shows one of these authors: its body embeds the author. */
export async function postsOfAuthors(sql: Pipeline, authorIds: string[]): Promise<string[]> {
  if (authorIds.length === 0) return [];
  const { rows } = await sql.query<{ post_id: string }>(POSTS_OF_AUTHORS, [authorIds]);
  return rows.map((r) => r.post_id);
}

/** Up to CHUNK posts without stored bodies get them, in one transaction; how many did. */
export async function fillMissingBytes(client: PoolClient, represent: Represent): Promise<number> {
  const sql = new Pipeline(client);
  sql.send("BEGIN");
  try {
    const { rows } = await sql.query<{ id: string }>(MISSING, [CHUNK]);
    await refreshBytes(
      sql,
      represent,
      rows.map((r) => r.id),
    );
    await sql.query("COMMIT");
    return rows.length;
  } catch (error) {
    await sql.rollback().catch(() => {});
    throw error;
  }
}
