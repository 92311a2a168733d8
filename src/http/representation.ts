// A post as the bytes the API sends, made once per (post, includeContent) and kept by the
// cache: the serialized body, its strong validator, and its compressed forms on demand.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastJson from "fast-json-stringify";
import type { PostRecord } from "../store/post-store.js";
import { canonicalLink } from "./headers.js";
import { PostSchema } from "./schemas.js";
import { toWirePost } from "./wire.js";

export type Coding = "br" | "gzip";

/** Bodies smaller than this are sent as they are: compressing them saves nothing. */
export const MIN_COMPRESS_BYTES = 1024;

const serialize = fastJson(PostSchema);
/** gzip and brotli as every answer is compressed: once, on first demand. */
export const compressors: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
  // Quality 11 costs ~20x quality 5 for a few percent; bodies are compressed on first demand.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

export class Representation {
  readonly body: Buffer;
  readonly etag: string;
  readonly lastModified: string;
  readonly link: string;
  readonly surrogateKey: string;
  /** The same keys as Cloudflare's Cache-Tag wants them, comma-separated. */
  readonly cacheTag: string;
  readonly postId: string;
  readonly publicationSlug: string;
  readonly slug: string;
  readonly updatedAt: number;
  private readonly encoded: Partial<Record<Coding, Buffer>> = {};
  private readonly etags: Record<Coding | "identity", string>;

  constructor(post: PostRecord, includeContent: boolean, siteUrl: string) {
    this.body = Buffer.from(serialize(toWirePost(post, includeContent)));
    // Strong: any change to the bytes changes the tag (RFC 9110 §8.8.1).
    this.etag = `"${createHash("sha1").update(this.body).digest("base64url")}"`;
    this.lastModified = new Date(post.updatedAt).toUTCString();
    this.link = canonicalLink(siteUrl, post.publicationSlug, post.slug);
    this.surrogateKey = `post-${post.id} pub-${post.publicationId}`;
    this.cacheTag = this.surrogateKey.replace(" ", ",");
    // Each coding's bytes are a different representation, so each gets its own tag.
    const opaque = this.etag.slice(0, -1);
    this.etags = { identity: this.etag, gzip: `${opaque}-gzip"`, br: `${opaque}-br"` };
    this.postId = post.id;
    this.publicationSlug = post.publicationSlug;
    this.slug = post.slug;
    this.updatedAt = post.updatedAt;
  }

  get bytes(): number {
    return (
      512 + this.body.length + (this.encoded.gzip?.length ?? 0) + (this.encoded.br?.length ?? 0)
    );
  }

  get compressible(): boolean {
    return this.body.length >= MIN_COMPRESS_BYTES;
  }

  cachedEncoding(coding: Coding): Buffer | undefined {
    return this.encoded[coding];
  }

  /** The body in that coding, compressed once (off the event loop) and then kept. */
  async encode(coding: Coding): Promise<Buffer> {
    this.encoded[coding] ??= await compressors[coding](this.body);
    return this.encoded[coding];
  }

  /** The validator of one coding's bytes. */
  etagFor(coding: Coding | undefined): string {
    return this.etags[coding ?? "identity"];
  }
}
