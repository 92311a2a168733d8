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
  const { etag, lastModified, link, surrogateKey, cacheTag, postId, publicationSlug, slug } = r;
  const values = [etag, lastModified, link, surrogateKey, cacheTag, postId, publicationSlug, slug];
  return Buffer.from([...values, r.updatedAt].join("\n"));
}

// Indexed, not destructured: every hit reads the head, and a rest pattern or spread here
// made a hit several times slower.
function readHead(text: string): Head {
  const v = text.split("\n");
  return {
    etag: v[0]!,
    lastModified: v[1]!,
    link: v[2]!,
    surrogateKey: v[3]!,
    cacheTag: v[4]!,
    postId: v[5]!,
    publicationSlug: v[6]!,
    slug: v[7]!,
    updatedAt: Number(v[8]),
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

  get bytes(): number {
    const runs = [this.run, this.gzip, this.br];
    return runs.reduce((n, h) => n + (h ? ByteArena.cost(h.length) : 0), ENTRY_OVERHEAD_BYTES);
  }

  /** A representation of the request's own: its bytes copied out of the arena. */
  out(): Representation {
    const { arena, gzip, br } = this;
    const h = this.head();
    // Field by field, in the order every Representation is made with: a spread of the head
    // here made a hit several times slower.
    return new Representation({
      body: arena.copy(this.run, this.headLength),
      etag: h.etag,
      lastModified: h.lastModified,
      link: h.link,
      surrogateKey: h.surrogateKey,
      cacheTag: h.cacheTag,
      postId: h.postId,
      publicationSlug: h.publicationSlug,
      slug: h.slug,
      updatedAt: h.updatedAt,
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
