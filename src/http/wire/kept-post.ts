// A post's representation as the post cache keeps it: its header values on the heap, its body
// and compressed forms in the cache's arena. A hit is given a Representation with bytes of its
// own, copied out, so nothing a request holds changes when the entry is evicted and its
// bytes are taken by another.
import { ByteArena, type Held } from "../../posts/byte-arena.js";
import type { Kept } from "../../posts/post-cache.js";
import { ENTRY_OVERHEAD_BYTES, Representation, type Coding } from "./representation.js";

export class KeptPost implements Kept<Representation> {
  readonly postId: string;
  readonly publicationSlug: string;
  readonly slug: string;
  readonly updatedAt: number;
  private readonly etag: string;
  private readonly lastModified: string;
  private readonly link: string;
  private readonly surrogateKey: string;
  private readonly cacheTag: string;
  private readonly body: Held;
  private gzip: Held | undefined;
  private br: Held | undefined;

  constructor(
    private readonly arena: ByteArena,
    r: Representation,
  ) {
    this.postId = r.postId;
    this.publicationSlug = r.publicationSlug;
    this.slug = r.slug;
    this.updatedAt = r.updatedAt;
    this.etag = r.etag;
    this.lastModified = r.lastModified;
    this.link = r.link;
    this.surrogateKey = r.surrogateKey;
    this.cacheTag = r.cacheTag;
    this.body = arena.hold(r.body);
    const gzip = r.cachedEncoding("gzip");
    const br = r.cachedEncoding("br");
    this.gzip = gzip && arena.hold(gzip);
    this.br = br && arena.hold(br);
  }

  get bytes(): number {
    const runs = [this.body, this.gzip, this.br];
    return runs.reduce((n, h) => n + (h ? ByteArena.cost(h.length) : 0), ENTRY_OVERHEAD_BYTES);
  }

  /** A representation of the request's own: its bytes copied out of the arena. */
  out(): Representation {
    const { arena, gzip, br } = this;
    return new Representation({
      body: arena.copy(this.body),
      etag: this.etag,
      lastModified: this.lastModified,
      link: this.link,
      surrogateKey: this.surrogateKey,
      cacheTag: this.cacheTag,
      postId: this.postId,
      publicationSlug: this.publicationSlug,
      slug: this.slug,
      updatedAt: this.updatedAt,
      encoded:
        gzip || br ? { gzip: gzip && arena.copy(gzip), br: br && arena.copy(br) } : undefined,
    });
  }

  /**
   * Keeps a compressed form made after the entry was, when it is of the same bytes (a post
   * written since has another validator): the bytes it adds to the entry's count.
   */
  keepEncoded(r: Representation, coding: Coding, bytes: Buffer): number {
    if (this[coding] !== undefined || r.etag !== this.etag) return 0;
    const held = this.arena.hold(bytes);
    this[coding] = held;
    return ByteArena.cost(held.length);
  }

  dropped(): void {
    this.arena.release(this.body);
    if (this.gzip) this.arena.release(this.gzip);
    if (this.br) this.arena.release(this.br);
  }
}
