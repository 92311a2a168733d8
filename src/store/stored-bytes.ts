// A post's response bytes, made at write time and kept beside the post: a read
// that misses the response cache is then one indexed read of ready bytes. What the bytes are
// (the wire format) is http/'s business: the composition root hands the store a `Represent`,
// and the store calls it, inside each write transaction, on the post as it reads it back.
import { sql, type Kysely } from "./kysely.js";
import type { PostRecord } from "./records.js";
import { statement, type Reads } from "./statement.js";
import type { Tables } from "./tables.js";
import { visibleAt } from "./visibility.js";

export interface WireBytes {
  body: Buffer;
  /** The strong validator of `body`, quoted (`"…"`). */
  etag: string;
}

/**
 * A post's body with content is its body without (`meta`) with the content's members put in at
 * byte `at`: only the meta body is stored, the content is read from the post's own columns, so
 * a post's content is written once, not twice. `etag` is the body with content's validator.
 */
export interface ContentPlace {
  etag: string;
  at: number;
}

/** A post's body without content, and where its content goes for the body with it. */
export interface PostWire {
  meta: WireBytes;
  full: ContentPlace;
}

/**
 * The content a body with content puts in, as the post's columns hold it: as text, or as its
 * UTF-8 bytes where the store can hand them so (PostgreSQL: postgres/byte-columns.ts).
 */
export interface StoredContent {
  at: number;
  staticHtml: string | Buffer;
  json: string | Buffer;
  markdown: string | Buffer;
}

/** Builds a post's bodies from the post read back with its content. Pure and synchronous. */
export type Represent = (post: PostRecord) => PostWire;

/**
 * A visible post's stored body, with the few columns its headers need. `body` and `etag` are
 * absent when the post has no stored bytes (written by a store opened without a Represent,
 * or not yet filled after the migration): the caller then builds them from the record.
 * Asked with content, `body` is the body without it and `content` what goes in, at its place;
 * `etag` is then the validator of the body with content.
 */
export interface StoredBody {
  id: string;
  publicationId: string;
  publicationSlug: string;
  slug: string;
  updatedAt: number;
  body?: Buffer;
  etag?: string;
  content?: StoredContent;
}

export interface StoredBytesReader {
  /** The visible post's stored body, by id or by slugs; undefined when missing or hidden. */
  findStoredById(
    id: string,
    withContent: boolean,
    visibleAt: number,
  ): Promise<StoredBody | undefined>;
  findStoredBySlugs(
    publicationSlug: string,
    postSlug: string,
    withContent: boolean,
    visibleAt: number,
  ): Promise<StoredBody | undefined>;
}

/** `now`: the instant the post must be visible at. */
export interface StoredArgs {
  now: number;
}

/**
 * A post's stored row: one a post (`content` false; rows with content true are an older
 * Folio's, which this one neither writes nor reads).
 */
export const joinStored = (db: Kysely<Tables>) =>
  db
    .selectFrom("posts as p")
    .leftJoin("post_bytes as b", (join) =>
      join.onRef("b.post_id", "=", "p.id").on("b.content", "=", false),
    );

/** The same join as SQL text, for the statements written in SQL (post-lists.ts). */
export const storedJoinSql = sql`LEFT JOIN post_bytes b ON b.post_id = p.id AND b.content = ${false}`;

/** The validator of the body asked for, its stored bytes, and the content it puts in. */
const BODY_COLUMNS = {
  meta: ["b.etag", "b.body"],
  full: [
    ...["b.full_etag as etag", "b.body", "b.content_at as contentAt"],
    // Named as postgres/byte-columns.ts reads as bytes.
    ...["p.static_html as htmlUtf8", "p.content_json as jsonUtf8", "p.markdown as markdownUtf8"],
  ],
} as const;

export type BodyForm = keyof typeof BODY_COLUMNS;

/** The same columns as SQL text, for the statements written in SQL (post-lists.ts). */
export const storedBodySql = (form: BodyForm) =>
  BODY_COLUMNS[form].map((c) => c.replace(/ as (\w+)$/, ' AS "$1"')).join(", ");

// Visibility is decided in the WHERE clause, after the key, as for every read: a hidden post
// costs what a missing one costs.
export const selectStored = (db: Kysely<Tables>, content: boolean) =>
  joinStored(db)
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .select(["p.id", "p.publication_id as publicationId", "pub.slug as publicationSlug"])
    .select(["p.slug", "p.updated_at as updatedAt"])
    .select(BODY_COLUMNS[content ? "full" : "meta"]);

/** What a stored row gives of its body: the columns of `BODY_COLUMNS`. */
export interface StoredBodyRow {
  etag: string | null;
  body: string | Buffer | null;
  contentAt?: number | null;
  htmlUtf8?: string | Buffer | null;
  jsonUtf8?: string | Buffer | null;
  markdownUtf8?: string | Buffer | null;
}

interface BodyRow
  extends Omit<StoredBody, "updatedAt" | "etag" | "body" | "content">, StoredBodyRow {
  updatedAt: number | string;
}

/**
 * SQLite hands the body as a BLOB, PostgreSQL as text; a post without stored bytes (or, asked
 * with content, without its place, as a row an older Folio wrote) has neither body nor ETag.
 */
export function storedBytes(row: StoredBodyRow): Pick<StoredBody, "body" | "etag" | "content"> {
  if (row.etag === null || row.body === null) return {};
  const body = typeof row.body === "string" ? Buffer.from(row.body) : row.body;
  if (row.contentAt === undefined) return { etag: row.etag, body };
  // A place past the body is no place: the record is read instead.
  if (row.contentAt === null || Number(row.contentAt) >= body.length) return {};
  const content = {
    at: Number(row.contentAt),
    staticHtml: row.htmlUtf8 ?? "",
    json: row.jsonUtf8 ?? "",
    markdown: row.markdownUtf8 ?? "",
  };
  return { etag: row.etag, body, content };
}

/** The time as a number or as BIGINT text, and the body as `storedBytes` reads it. */
export function toStoredBody(row: BodyRow): StoredBody {
  return {
    id: row.id,
    publicationId: row.publicationId,
    publicationSlug: row.publicationSlug,
    slug: row.slug,
    updatedAt: Number(row.updatedAt),
    ...storedBytes(row),
  };
}

const byId = (content: boolean) =>
  statement((db, a: StoredArgs & { id: string }) =>
    selectStored(db, content).where("p.id", "=", a.id).where(visibleAt("p", a.now)),
  );

const bySlugs = (content: boolean) =>
  statement((db, a: StoredArgs & { publicationSlug: string; postSlug: string }) =>
    selectStored(db, content)
      .where("pub.slug", "=", a.publicationSlug)
      .where("p.slug", "=", a.postSlug)
      .where(visibleAt("p", a.now)),
  );

const BY_ID = { meta: byId(false), full: byId(true) };
const BY_SLUGS = { meta: bySlugs(false), full: bySlugs(true) };

/** One statement a lookup (PostgreSQL joins a turn's lookups: postgres/stored-bytes.ts). */
export function storedBytesReader(reads: Reads): StoredBytesReader {
  return {
    async findStoredById(id, content, now) {
      const [row] = await reads.rows(BY_ID[content ? "full" : "meta"], { now, id });
      return row && toStoredBody(row);
    },
    async findStoredBySlugs(publicationSlug, postSlug, content, now) {
      const args = { now, publicationSlug, postSlug };
      const [row] = await reads.rows(BY_SLUGS[content ? "full" : "meta"], args);
      return row && toStoredBody(row);
    },
  };
}
