// A post as the bytes the API sends, kept by the cache: the serialized body, its strong
// validator, and its compressed forms on demand. The body and validator are made at write
// time (`representPost`, which the store calls and keeps the result of: store/stored-bytes.ts);
// a read builds a Representation from those stored bytes without serializing or hashing.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { createRequire } from "node:module";
import type FastJson from "fast-json-stringify";
import type {
  PostRecord,
  PostWire,
  StoredBody,
  StoredContent,
  WireBytes,
} from "../../store/post-store.js";
import { canonicalLink, surrogateKey } from "../edge/headers.js";
import { PostSchema } from "./schemas.js";
import { toWirePost } from "./post.js";

export type Coding = "br" | "gzip";

/**
 * What a cached post costs the process besides its bytes: its key, LRU node and the few
 * objects that find its bytes in the arena, about 400 bytes live on the heap, and the room V8
 * keeps around them. Under a read load the old space is committed at two to three times what
 * is live in it, and that is resident memory, so the bound counts it. `bench/cache-entry.ts`
 * measures both (the slug entry beside it is counted on its own as well). The cache's
 * KeptPost and a Representation weighed before it is kept both count it.
 */
export const ENTRY_OVERHEAD_BYTES = 1536;

/** Bodies smaller than this are sent as they are: compressing them saves nothing. */
export const MIN_COMPRESS_BYTES = 1024;

/** Whether a body of `length` bytes is sent compressed to a client that accepts it. */
export const worthCompressing = (length: number) => length >= MIN_COMPRESS_BYTES;

let serialize: ((post: object) => string) | undefined;

/**
 * The post's serializer, loaded and compiled on first use: the compiler and its schema
 * validator take a command that never writes a post's bytes (`folio keys list`) a sixth of a
 * second to load. The app makes it as it is built (app.ts), so no request pays for it.
 */
export function postSerializer(): (post: object) => string {
  if (serialize === undefined) {
    const fastJson = createRequire(import.meta.url)("fast-json-stringify") as typeof FastJson;
    serialize = fastJson(PostSchema);
  }
  return serialize;
}

/** Strong: any change to the bytes changes the tag (RFC 9110 §8.8.1). */
export const strongEtag = (body: Buffer) =>
  `"${createHash("sha1").update(body).digest("base64url")}"`;

/** A post's body without content, and its strong validator. */
function metaBytes(post: PostRecord): WireBytes {
  const body = Buffer.from(postSerializer()(toWirePost(post, false)));
  return { body, etag: strongEtag(body) };
}

/**
 * Where a body without content takes the content's members. The serializer writes the
 * required members first, then the optional ones in the schema's order (PostSchema), where
 * only coinId follows the content: before `,"coinId":`, or else before the closing brace.
 * The name cannot be found earlier, in a value: a string holds no bare quote.
 */
function contentAt(meta: Buffer, post: PostRecord): number {
  const at = post.coinId === undefined ? meta.length - 1 : meta.indexOf(',"coinId":');
  if (at < 0 || meta[meta.length - 1] !== 0x7d)
    throw new Error(`no place for the content in post ${post.id}'s body`);
  return at;
}

/**
 * The content's members as the serializer writes them (JSON.stringify's escapes), as text in
 * the encoding that gives their bytes. Content handed as UTF-8 bytes is read as Latin-1,
 * which keeps every byte as one character: JSON escapes only ASCII characters of well-formed
 * text, and UTF-8 puts no byte under 0x80 inside a character, so the escaped bytes are those of
 * the escaped text. Text never becomes bytes here unless all of it came so.
 */
function contentMembers(c: StoredContent): { text: string; encoding: "latin1" | "utf8" } {
  const parts = [c.staticHtml, c.json, c.markdown];
  const bytes = parts.every((p) => typeof p !== "string");
  const [html, json, markdown] = parts.map((p) =>
    JSON.stringify(typeof p === "string" ? p : p.toString(bytes ? "latin1" : "utf8")),
  );
  const text = `,"staticHtml":${html},"json":${json},"markdown":${markdown}`;
  return { text, encoding: bytes ? "latin1" : "utf8" };
}

/** The body with content as three parts: the body without, split where its content goes. */
export function contentParts(meta: Buffer, content: StoredContent): Buffer[] {
  const { text, encoding } = contentMembers(content);
  return [meta.subarray(0, content.at), Buffer.from(text, encoding), meta.subarray(content.at)];
}

/**
 * The body with content: the body without, its content put in at its place. Written into one
 * buffer: joining `contentParts` would encode the members into a buffer of their own first.
 */
export function joinContent(meta: Buffer, content: StoredContent): Buffer {
  const { text, encoding } = contentMembers(content);
  const length = encoding === "latin1" ? text.length : Buffer.byteLength(text);
  const body = Buffer.allocUnsafeSlow(meta.length + length);
  meta.copy(body, 0, 0, content.at);
  body.write(text, content.at, encoding);
  meta.copy(body, content.at + length, content.at);
  return body;
}

/** Content as a record holds it: text. */
type ContentText = StoredContent & { staticHtml: string; json: string; markdown: string };

/**
 * The body with content's strong validator, from its parts: what they hash to is decided by
 * the bytes of the body, so two bodies that differ differ in a part. The content is hashed as
 * it is, not escaped: escaping costs more than hashing. A string with a lone surrogate, which
 * UTF-8 cannot hold and JSON escapes, is hashed as its escape, marked apart.
 */
export function contentEtag(meta: Buffer, content: ContentText): string {
  const hash = createHash("sha1").update(meta).update(`\0${content.at}`);
  for (const text of [content.staticHtml, content.json, content.markdown]) {
    const whole = text.isWellFormed();
    const part = whole ? text : JSON.stringify(text);
    hash.update(`\0${whole ? "t" : "j"}${part.length}\0`).update(part);
  }
  return `"${hash.digest("base64url")}"`;
}

const contentOf = (post: PostRecord, at: number): ContentText => ({
  at,
  staticHtml: post.content?.staticHtml ?? "",
  json: post.content?.json ?? "",
  markdown: post.content?.markdown ?? "",
});

/** A post's body as the API sends it, and its strong validator. */
export function wireBytes(post: PostRecord, includeContent: boolean): WireBytes {
  const meta = metaBytes(post);
  if (!includeContent) return meta;
  const content = contentOf(post, contentAt(meta.body, post));
  return { body: joinContent(meta.body, content), etag: contentEtag(meta.body, content) };
}

/** A stored post's bytes as sent: its content put in, when it was asked for. */
export function storedWire({ body, etag, content }: StoredBody): WireBytes {
  if (body === undefined || etag === undefined) throw new Error("a post without stored bytes");
  return { body: content === undefined ? body : joinContent(body, content), etag };
}

/** What the store keeps of a post (the composition root passes this): store/stored-bytes.ts. */
export function representPost(post: PostRecord): PostWire {
  const meta = metaBytes(post);
  const at = contentAt(meta.body, post);
  return { meta, full: { etag: contentEtag(meta.body, contentOf(post, at)), at } };
}

/** What a post's headers need besides its bytes: from a record, or stored beside the bytes. */
type PostHead = Pick<PostRecord, "id" | "publicationId" | "publicationSlug" | "slug" | "updatedAt">;
/**
 * The bytes in memory of their own. A Buffer under 4 KiB made by Buffer.from, Buffer.concat,
 * zlib or pg's bytea parser is a slice of an 8 KiB slab Node shares between allocations: a
 * cache keeping it would keep the whole slab, and entries evicted at random leave most slabs
 * pinned by one survivor, so the cache's true size would be several times what it counts.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/** gzip and brotli as every answer is compressed: once, on first demand, kept on its own. */
export const compressors: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  gzip: async (body) => ownBytes(await promisify(gzip)(body, { level: 6 })),
  // Quality 11 costs ~20x quality 5 for a few percent; bodies are compressed on first demand.
  br: async (body) =>
    ownBytes(
      await promisify(brotliCompress)(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
};

/** Each coding's bytes are a different representation, so each gets its own tag. */
export const codingEtag = (etag: string, coding: Coding | undefined) =>
  coding === undefined ? etag : `${etag.slice(0, -1)}-${coding}"`;

/** A representation's parts, as made from a post or given back by the cache. */
export type RepresentationParts = Pick<
  Representation,
  "body" | "etag" | "lastModified" | "link" | "surrogateKey" | "cacheTag" | "postId"
> &
  Pick<Representation, "publicationSlug" | "slug" | "updatedAt"> & {
    /** Its compressed forms, made before. */
    readonly encoded?: Partial<Record<Coding, Buffer>>;
  };

/** A post's answer for one request: the cache keeps it as a KeptPost (kept-post.ts). */
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
  private readonly encoded: Partial<Record<Coding, Buffer>>;

  /** Serializes and hashes the record: for a post without stored bytes. */
  static of(
    post: PostRecord,
    includeContent: boolean,
    siteUrl: string,
    domain?: string,
  ): Representation {
    return Representation.made(post, wireBytes(post, includeContent), siteUrl, domain);
  }

  /** `domain`: the origin of the publication's own domain, when it has one. */
  static made(post: PostHead, bytes: WireBytes, siteUrl: string, domain?: string) {
    const keys = [surrogateKey("post", post.id), surrogateKey("pub", post.publicationId)];
    return new Representation({
      body: bytes.body,
      etag: bytes.etag,
      lastModified: new Date(post.updatedAt).toUTCString(),
      link: canonicalLink(siteUrl, post.publicationSlug, post.slug, domain),
      surrogateKey: keys.join(" "),
      cacheTag: keys.join(","),
      postId: post.id,
      publicationSlug: post.publicationSlug,
      slug: post.slug,
      updatedAt: post.updatedAt,
    });
  }

  constructor(parts: RepresentationParts) {
    this.body = parts.body;
    this.etag = parts.etag;
    this.lastModified = parts.lastModified;
    this.link = parts.link;
    this.surrogateKey = parts.surrogateKey;
    this.cacheTag = parts.cacheTag;
    this.postId = parts.postId;
    this.publicationSlug = parts.publicationSlug;
    this.slug = parts.slug;
    this.updatedAt = parts.updatedAt;
    this.encoded = { ...parts.encoded };
  }

  /** What it would hold kept as it is: the cache weighs it by this before keeping a copy. */
  get bytes(): number {
    const encoded = (this.encoded.gzip?.length ?? 0) + (this.encoded.br?.length ?? 0);
    return ENTRY_OVERHEAD_BYTES + this.body.length + encoded;
  }

  get compressible(): boolean {
    return worthCompressing(this.body.length);
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
    return codingEtag(this.etag, coding);
  }
}
