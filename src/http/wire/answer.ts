// A discovery answer (a list, a feed, a search, a publication, a user) as the bytes sent:
// serialized once when made, with its strong validator, its CDN keys, and its compressed
// forms made on first demand and then kept with it in the cache.
import {
  codingEtag,
  compressors,
  ownBytes,
  strongEtag,
  worthCompressing,
  type Coding,
} from "./representation.js";

/** What a sent answer is: an Answer, or a page read for one request in one coding (site). */
export interface Sendable {
  readonly etag: string;
  readonly surrogateKey: string;
  readonly cacheTag: string;
  readonly contentType: string;
  readonly compressible: boolean;
  etagFor(coding: Coding | undefined): string;
  /** The bytes in that coding (undefined: as they are). */
  bytesIn(coding: Coding | undefined): Buffer | Promise<Buffer>;
}

export class Answer implements Sendable {
  readonly etag: string;
  readonly surrogateKey: string;
  /** The same keys as Cloudflare's Cache-Tag wants them, comma-separated. */
  readonly cacheTag: string;
  private readonly encoded: Partial<Record<Coding, Buffer>> = {};

  /** `keys`: what a CDN purges it by (`pub-{id}`, `tag-{name}` percent-encoded, `feed`, …). */
  readonly body: Buffer;

  /** `made`: the validator and compressed forms of a body made earlier and kept (site pages). */
  constructor(
    body: Buffer,
    readonly contentType: string,
    keys: readonly string[],
    made?: { etag: string; encoded: Partial<Record<Coding, Buffer>> },
  ) {
    this.body = ownBytes(body);
    this.etag = made?.etag ?? strongEtag(body);
    for (const [coding, bytes] of Object.entries(made?.encoded ?? {})) {
      this.encoded[coding as Coding] = ownBytes(bytes);
    }
    this.surrogateKey = keys.join(" ");
    this.cacheTag = keys.join(",");
  }

  /**
   * What it holds in the cache, counted up front: its compressed forms are made later and
   * are, for JSON and XML, well under half the body together.
   */
  get bytes(): number {
    return 512 + Math.ceil(this.body.length * 1.5);
  }

  get compressible(): boolean {
    return worthCompressing(this.body.length);
  }

  /** The body in that coding, compressed once (off the event loop) and then kept. */
  async encode(coding: Coding): Promise<Buffer> {
    this.encoded[coding] ??= await compressors[coding](this.body);
    return this.encoded[coding];
  }

  etagFor(coding: Coding | undefined): string {
    return codingEtag(this.etag, coding);
  }

  bytesIn(coding: Coding | undefined): Buffer | Promise<Buffer> {
    return coding === undefined ? this.body : this.encode(coding);
  }
}

export const JSON_TYPE = "application/json; charset=utf-8";
