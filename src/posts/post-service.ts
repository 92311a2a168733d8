// The read service: cache-aside over the store, visibility decided once per lookup, and
// the representation (whatever the HTTP edge makes of a post) built once per cache fill.
import type { PostRecord, PostStore } from "../store/post-store.js";
import type { Cacheable, Lookup, PostCache } from "./post-cache.js";
import { isVisible } from "./visibility.js";

export type Clock = () => number;

export type CacheResult = "hit" | "miss";

/** Where the read path notes whether the cache answered (the request, for its log line). */
export interface LookupNote {
  cacheResult: CacheResult | null;
}

export interface Encodable<C extends string> extends Cacheable {
  readonly body: Buffer;
  cachedEncoding(coding: C): Buffer | undefined;
  encode(coding: C): Promise<Buffer>;
}

export interface PostServiceOptions<R> {
  store: PostStore;
  cache: PostCache<R & Cacheable>;
  represent: (post: PostRecord, withContent: boolean) => R;
  clock?: Clock;
  /** How long "no such post" is believed without a change notice. */
  missTtlMs?: number;
}

export class PostService<C extends string, R extends Encodable<C>> {
  private readonly now: Clock;
  private readonly missTtlMs: number;

  constructor(private readonly options: PostServiceOptions<R>) {
    this.now = options.clock ?? Date.now;
    this.missTtlMs = options.missTtlMs ?? 5000;
  }

  async find(lookup: Lookup, withContent: boolean, note?: LookupNote): Promise<R | undefined> {
    const { cache, store, represent } = this.options;
    const now = this.now();
    const cached = cache.get(lookup, withContent, now);
    if (note !== undefined) note.cacheResult = cached === undefined ? "miss" : "hit";
    if (cached !== undefined) return cached ?? undefined;
    const ticket = cache.ticket();
    const post =
      "id" in lookup
        ? await store.findPostById(lookup.id, { withContent })
        : await store.findPostBySlugs(lookup.publicationSlug, lookup.postSlug, { withContent });
    if (post === undefined || !isVisible(post, now)) {
      cache.putMiss(lookup, this.missUntil(post, now), ticket);
      return undefined;
    }
    const representation = represent(post, withContent);
    cache.put(withContent, representation, ticket);
    return representation;
  }

  /** The body in a content coding, compressed once and then kept with the cache entry. */
  async body(representation: R, withContent: boolean, coding: C | undefined): Promise<Buffer> {
    if (coding === undefined) return representation.body;
    const kept = representation.cachedEncoding(coding);
    if (kept !== undefined) return kept;
    const before = representation.bytes;
    const encoded = await representation.encode(coding);
    this.options.cache.grew(representation, withContent, representation.bytes - before);
    return encoded;
  }

  /** A scheduled post's miss must end when it goes live, not a TTL later. */
  private missUntil(post: PostRecord | undefined, now: number): number {
    const until = now + this.missTtlMs;
    const goesLive = post?.status === "published" ? post.publishedAt : undefined;
    return goesLive !== undefined && goesLive > now ? Math.min(until, goesLive) : until;
  }
}
