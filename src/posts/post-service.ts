// The read service: cache-aside over the store, visibility decided in the store's query, and
// whatever the caller makes of a post (its representation) built once per cache fill: from
// the bytes stored at write time, or, for a post without them, from its record.
import type {
  AuthoringReader,
  PostReader,
  PostRecord,
  StoredBody,
  StoredBytesReader,
} from "../store/post-store.js";
import type { GoLiveWatch } from "./go-live.js";
import type { Cacheable, Kept, Lookup, PostCache } from "./post-cache.js";

export type Clock = () => number;

export type CacheResult = "hit" | "miss";

/** Where the read path notes whether the cache answered (the request, for its log line). */
export interface LookupNote {
  cacheResult: CacheResult | null;
}

interface PostServiceOptions<R extends Cacheable, K extends Kept<R>> {
  store: PostReader & StoredBytesReader & Pick<AuthoringReader, "findMovedSlug">;
  cache: PostCache<R, K>;
  /** From the post's stored bytes (`body` and `etag` set): no serializing, no hashing. */
  fromStored: (post: StoredBody) => R;
  /** From the record, for a post stored without bytes. */
  represent: (post: PostRecord, withContent: boolean) => R;
  goLive: Pick<GoLiveWatch, "validUntil">;
  clock?: Clock;
  /** How long "no such post" is believed without a change notice. */
  missTtlMs?: number;
}

export class PostService<R extends Cacheable, K extends Kept<R> = Kept<R>> {
  private readonly now: Clock;
  private readonly missTtlMs: number;

  constructor(private readonly options: PostServiceOptions<R, K>) {
    this.now = options.clock ?? Date.now;
    this.missTtlMs = options.missTtlMs ?? 5000;
  }

  /** The visible post's representation, or undefined: hidden and missing are one answer. */
  async find(lookup: Lookup, withContent: boolean, note?: LookupNote): Promise<R | undefined> {
    const { cache } = this.options;
    const now = this.now();
    const cached = cache.get(lookup, withContent, now);
    if (note !== undefined) note.cacheResult = cached === undefined ? "miss" : "hit";
    if (cached !== undefined) return cached ?? undefined;
    const ticket = cache.ticket();
    const representation = await this.read(lookup, withContent, now);
    if (representation === undefined) {
      // A scheduled post's miss must end when it goes live, not a TTL later.
      const until = Math.min(now + this.missTtlMs, this.options.goLive.validUntil(now));
      cache.putMiss(lookup, until, ticket);
      return undefined;
    }
    cache.put(withContent, representation, ticket);
    return representation;
  }

  /**
   * The current slug of the visible post that once had this slug in this publication (its
   * slug history), for a lookup that found nothing; asked only after a miss.
   */
  movedSlug(publicationSlug: string, postSlug: string): Promise<string | undefined> {
    return this.options.store.findMovedSlug(publicationSlug, postSlug, this.now());
  }

  /** Adds to what the cache keeps of the representation's post (a compressed form). */
  amend(representation: R, withContent: boolean, add: (kept: K) => number): void {
    this.options.cache.amend(representation, withContent, add);
  }

  private async read(lookup: Lookup, withContent: boolean, visibleAt: number) {
    const { store, fromStored, represent } = this.options;
    const stored = await ("id" in lookup
      ? store.findStoredById(lookup.id, withContent, visibleAt)
      : store.findStoredBySlugs(lookup.publicationSlug, lookup.postSlug, withContent, visibleAt));
    if (stored === undefined) return undefined;
    if (stored.body !== undefined && stored.etag !== undefined) return fromStored(stored);
    const options = { withContent, visibleAt };
    const post = await ("id" in lookup
      ? store.findPostById(lookup.id, options)
      : store.findPostBySlugs(lookup.publicationSlug, lookup.postSlug, options));
    return post && represent(post, withContent);
  }
}
