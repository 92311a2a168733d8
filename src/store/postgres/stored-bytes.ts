// Stored response bytes on PostgreSQL (store/stored-bytes.ts): the single reads of one turn
// joined into one statement, and the rewrite of the bodies of posts a write touched, inside
// that write's transaction.
import type { PoolClient } from "pg";
import { sql as raw } from "../kysely.js";
import { Pipeline } from "./pipeline.js";
import {
  POSTS_FROM,
  STORED_COLUMNS,
  postColumns,
  toPostRecord,
  type StoredRow,
} from "../post-row.js";
import { among, statement, type Reads } from "../statement.js";
import {
  selectStored,
  toStoredBody,
  type Represent,
  type StoredArgs,
  type StoredBytesReader,
} from "../stored-bytes.js";
import { visibleAt } from "../visibility.js";
import { ReadBatch } from "./read-batch.js";
import { hasNul } from "./reads.js";

// Many posts a statement (read-batch.ts): ids, or (publication slug, post slug) pairs.
const amongIds = (content: boolean) =>
  statement(
    (db, a: StoredArgs & { ids: string[] }, dialect) =>
      selectStored(db, content)
        .where(among("p.id", a.ids, dialect))
        .where(visibleAt("p", a.now)),
    `folio_v6_stored_among_ids${content ? "_content" : ""}`,
  );
const amongSlugs = (content: boolean) =>
  statement(
    (db, a: StoredArgs & { publicationSlugs: string[]; postSlugs: string[] }) =>
      selectStored(db, content)
        .where(
          raw<boolean>`(pub.slug, p.slug) IN (SELECT * FROM unnest(${a.publicationSlugs}::text[], ${a.postSlugs}::text[]))`,
        )
        .where(visibleAt("p", a.now)),
    `folio_v6_stored_among_slugs${content ? "_content" : ""}`,
  );
const AMONG_IDS = { meta: amongIds(false), full: amongIds(true) };
const AMONG_SLUGS = { meta: amongSlugs(false), full: amongSlugs(true) };

/** Posts as written, by id: their bodies are stored from these rows, and the answer read. */
const STORED_POSTS_BY_IDS = `SELECT ${postColumns("postgres")}${STORED_COLUMNS} ${POSTS_FROM}
  WHERE p.id = ANY($1::text[])`;
const UPSERT = `INSERT INTO post_bytes (post_id, content, etag, body, full_etag, content_at)
  SELECT u.id, false, u.etag, u.body, u.full_etag, u.content_at
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
      AS u(id, etag, body, full_etag, content_at)
  ON CONFLICT (post_id, content) DO UPDATE SET etag = excluded.etag, body = excluded.body,
    full_etag = excluded.full_etag, content_at = excluded.content_at`;
const DROP = `DELETE FROM post_bytes WHERE post_id = ANY($1::text[])`;
const DROP_WHOLE = `DELETE FROM post_bytes WHERE post_id = ANY($1::text[]) AND content`;
const POSTS_OF_AUTHORS = `SELECT DISTINCT post_id FROM post_authors
  WHERE author_id = ANY($1::text[])`;
const MISSING = `SELECT p.id FROM posts p
  WHERE NOT EXISTS (SELECT 1 FROM post_bytes b
    WHERE b.post_id = p.id AND NOT b.content AND b.full_etag IS NOT NULL)
  ORDER BY p.id LIMIT $1`;

/** Posts re-read and re-serialized per statement: bounds a statement's parameters. */
const CHUNK = 500;

/** Slugs hold no NUL (hasNul): the pair's key cannot be another pair's. */
const slugsKey = (publicationSlug: string, slug: string) => `${publicationSlug}\0${slug}`;

/** `reads`: the read pool's executor (executor.ts). */
export function postgresStoredBytesReader(reads: Reads): StoredBytesReader {
  const batches = (content: "meta" | "full") => ({
    byId: new ReadBatch(
      (ids, now) => reads.rows(AMONG_IDS[content], { ids, now }),
      (row) => row.id,
    ),
    bySlugs: new ReadBatch(
      (keys, now) => {
        const pairs = keys.map((key) => key.split("\0"));
        const [publicationSlugs, postSlugs] = [pairs.map((p) => p[0]!), pairs.map((p) => p[1]!)];
        return reads.rows(AMONG_SLUGS[content], { now, publicationSlugs, postSlugs });
      },
      (row) => slugsKey(row.publicationSlug, row.slug),
    ),
  });
  const [meta, full] = [batches("meta"), batches("full")];
  return {
    async findStoredById(id, withContent, visibleAt) {
      if (hasNul([id])) return undefined;
      const row = await (withContent ? full : meta).byId.get(id, visibleAt);
      return row && toStoredBody(row);
    },
    async findStoredBySlugs(publicationSlug, postSlug, withContent, visibleAt) {
      if (hasNul([publicationSlug, postSlug])) return undefined;
      const key = slugsKey(publicationSlug, postSlug);
      const row = await (withContent ? full : meta).bySlugs.get(key, visibleAt);
      return row && toStoredBody(row);
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
    const columns: [string[], string[], string[], string[], number[]] = [[], [], [], [], []];
    for (const row of rows) {
      const { meta, full } = represent(toPostRecord(row));
      columns[0].push(row.id);
      columns[1].push(meta.etag);
      columns[2].push(meta.body.toString());
      columns[3].push(full.etag);
      columns[4].push(full.at);
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
    const ids = rows.map((r) => r.id);
    // A body with content kept whole is an older Folio's, written beside a row it now fills.
    sql.send(DROP_WHOLE, [ids]);
    await refreshBytes(sql, represent, ids);
    await sql.query("COMMIT");
    return rows.length;
  } catch (error) {
    await sql.rollback().catch(() => {});
    throw error;
  }
}
