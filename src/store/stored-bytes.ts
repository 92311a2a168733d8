// A post's response bytes, made at write time and kept beside the post: a read
// that misses the response cache is then one indexed read of ready bytes. What the bytes are
// (the wire format) is http/'s business: the composition root hands the store a `Represent`,
// and the store calls it, inside each write transaction, on the post as it reads it back.
import type { Kysely } from "./kysely.js";
import type { PostRecord } from "./records.js";
import { statement, type Reads } from "./statement.js";
import type { Tables } from "./tables.js";
import { visibleAt } from "./visibility.js";

export interface WireBytes {
  body: Buffer;
  /** The strong validator of `body`, quoted (`"…"`). */
  etag: string;
}

/** A post's two bodies: without content (`meta`) and with it (`full`). */
export interface PostWire {
  meta: WireBytes;
  full: WireBytes;
}

/** Builds a post's bodies from the post read back with its content. Pure and synchronous. */
export type Represent = (post: PostRecord) => PostWire;

/**
 * A visible post's stored body, with the few columns its headers need. `body` and `etag` are
 * absent when the post has no stored bytes (written by a store opened without a Represent,
 * or not yet filled after the migration): the caller then builds them from the record.
 */
export interface StoredBody {
  id: string;
  publicationId: string;
  publicationSlug: string;
  slug: string;
  updatedAt: number;
  body?: Buffer;
  etag?: string;
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

/** Whose body: `content` says which of the two, `now` the instant it must be visible at. */
export interface StoredArgs {
  content: boolean;
  now: number;
}

// The body joins on (post, content). Visibility is decided in the WHERE clause, after the key,
// as for every read: a hidden post costs what a missing one costs.
export const selectStored = (db: Kysely<Tables>, a: StoredArgs) =>
  db
    .selectFrom("posts as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("post_bytes as b", (join) =>
      join.onRef("b.post_id", "=", "p.id").on("b.content", "=", a.content),
    )
    .select(["p.id", "p.publication_id as publicationId", "pub.slug as publicationSlug"])
    .select(["p.slug", "p.updated_at as updatedAt", "b.etag", "b.body"]);

interface BodyRow extends Omit<StoredBody, "updatedAt" | "etag" | "body"> {
  updatedAt: number | string;
  etag: string | null;
  body: string | Buffer | null;
}

/**
 * SQLite hands the body as a BLOB, PostgreSQL as text, and the time as a number or as BIGINT
 * text; a post without stored bytes has neither body nor ETag.
 */
export function toStoredBody(row: BodyRow): StoredBody {
  const stored: StoredBody = {
    id: row.id,
    publicationId: row.publicationId,
    publicationSlug: row.publicationSlug,
    slug: row.slug,
    updatedAt: Number(row.updatedAt),
  };
  if (row.etag !== null && row.body !== null) {
    stored.etag = row.etag;
    stored.body = typeof row.body === "string" ? Buffer.from(row.body) : row.body;
  }
  return stored;
}

const BY_ID = statement((db, a: StoredArgs & { id: string }) =>
  selectStored(db, a).where("p.id", "=", a.id).where(visibleAt("p", a.now)),
);

const BY_SLUGS = statement((db, a: StoredArgs & { publicationSlug: string; postSlug: string }) =>
  selectStored(db, a)
    .where("pub.slug", "=", a.publicationSlug)
    .where("p.slug", "=", a.postSlug)
    .where(visibleAt("p", a.now)),
);

/** One statement a lookup (PostgreSQL joins a turn's lookups: postgres/stored-bytes.ts). */
export function storedBytesReader(reads: Reads): StoredBytesReader {
  return {
    async findStoredById(id, content, now) {
      const [row] = await reads.rows(BY_ID, { content, now, id });
      return row && toStoredBody(row);
    },
    async findStoredBySlugs(publicationSlug, postSlug, content, now) {
      const [row] = await reads.rows(BY_SLUGS, { content, now, publicationSlug, postSlug });
      return row && toStoredBody(row);
    },
  };
}
