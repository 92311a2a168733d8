// A post's response bytes, made at write time and kept beside the post: a read
// that misses the response cache is then one indexed read of ready bytes. What the bytes are
// (the wire format) is http/'s business: the composition root hands the store a `Represent`,
// and the store calls it, inside each write transaction, on the post as it reads it back.
import type { PostRecord } from "./records.js";

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
