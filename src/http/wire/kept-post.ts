// A post's representation as the post cache keeps it: its header values, body and compressed
// forms in the cache's arena. A hit is given a Representation with bytes of its
// own, copied out, so nothing a request holds changes when the entry is evicted and its
// bytes are taken by another.
import { ByteArena, type Held } from "../../posts/byte-arena.js";
import type { Kept } from "../../posts/post-cache.js";
import { ENTRY_OVERHEAD_BYTES, Representation, type Coding } from "./representation.js";

/** What a kept post keeps besides its bytes, as the Representation names it. */
type Head = Pick<
  Representation,
  "etag" | "lastModified" | "link" | "surrogateKey" | "cacheTag" | "postId" | "publicationSlug"
> &
  Pick<Representation, "slug" | "updatedAt">;

/**
 * Its values joined by newlines, to be put before the body: none of them can hold one (header
 * values cannot, ids and slugs hold no control characters, the ETag is base64url).
 */
function headBytes(r: Head): Buffer {
  const { etag, lastModified, link, surrogateKey, cacheTag, postId } = r;
  const values = [etag, lastModified, link, surrogateKey, cacheTag, postId];
  return Buffer.from([...values, r.publicationSlug, r.slug, r.updatedAt].join("\n"));
}

function readHead(text: string): Head {
  const [etag, lastModified, link, surrogateKey, cacheTag, postId, ...rest] = text.split("\n");
  const [publicationSlug, slug, updatedAt] = rest;
  return {
    ...{ etag: etag!, lastModified: lastModified!, link: link!, surrogateKey: surrogateKey! },
    ...{ cacheTag: cacheTag!, postId: postId!, publicationSlug: publicationSlug!, slug: slug! },
    updatedAt: Number(updatedAt),
  };
}

/**
 * Everything but its place in the arena is off the heap: an entry of a full cache that keeps
 * evicting lives about a second, long enough for V8 to move it to the old generation, where
 * what it held waits for a full collection once evicted. The fewer objects it holds, the less
 * the process carries between two of those.
 */
export class KeptPost implements Kept<Representation> {
  private readonly run: Held;
  private readonly headLength: number;
  private gzip: Held | undefined;
  private br: Held | undefined;

  constructor(
    private readonly arena: ByteArena,
    r: Representation,
  ) {
    const head = headBytes(r);
    this.headLength = head.length;
    this.run = arena.hold(head, r.body);
    const gzip = r.cachedEncoding("gzip");
    const br = r.cachedEncoding("br");
    this.gzip = gzip && arena.hold(gzip);
    this.br = br && arena.hold(br);
  }

  private head(): Head {
    return readHead(this.arena.text(this.run, 0, this.headLength));
  }

  get postId(): string {
    return this.head().postId;
  }

  get publicationSlug(): string {
    return this.head().publicationSlug;
  }

  get slug(): string {
    return this.head().slug;
  }

  get bytes(): number {
    const runs = [this.run, this.gzip, this.br];
    return runs.reduce((n, h) => n + (h ? ByteArena.cost(h.length) : 0), ENTRY_OVERHEAD_BYTES);
  }

  /** A representation of the request's own: its bytes copied out of the arena. */
  out(): Representation {
    const { arena, gzip, br } = this;
    return new Representation({
      ...this.head(),
      body: arena.copy(this.run, this.headLength),
      encoded:
        gzip || br ? { gzip: gzip && arena.copy(gzip), br: br && arena.copy(br) } : undefined,
    });
  }

  /**
   * Keeps a compressed form made after the entry was, when it is of the same bytes (a post
   * written since has another validator): the bytes it adds to the entry's count.
   */
  keepEncoded(r: Representation, coding: Coding, bytes: Buffer): number {
    if (this[coding] !== undefined || r.etag !== this.head().etag) return 0;
    const held = this.arena.hold(bytes);
    this[coding] = held;
    return ByteArena.cost(held.length);
  }

  dropped(): void {
    this.arena.release(this.run);
    if (this.gzip) this.arena.release(this.gzip);
    if (this.br) this.arena.release(this.br);
  }
}
