// Cache-aside for the discovery reads: an answer is made once per change, then served from
// memory until a change notice touching it arrives or, for answers that depend on the time
// (visibility), until the next scheduled post goes live.
import type { Sized } from "./byte-lru.js";
import type { AnswerCache } from "./answer-cache.js";
import type { GoLiveWatch } from "./go-live.js";
import type { Clock, LookupNote } from "./post-service.js";

export interface Produced<V> {
  value: V;
  /** What the answer depends on (answer-cache.ts `depends`). */
  dependencies: readonly string[];
  /** Whether it shows visible posts, and so may change when one goes live. */
  timed: boolean;
}

export class CachedAnswers<V extends Sized> {
  constructor(
    private readonly cache: AnswerCache<V>,
    private readonly goLive: Pick<GoLiveWatch, "validUntil">,
    private readonly clock: Clock,
  ) {}

  /** Whether an answer produced may be kept: false when the cache has no room at all. */
  get keeps(): boolean {
    return this.cache.enabled;
  }

  /** The answer under `key`: cached, or produced now (undefined: not found, not kept). */
  async get(
    key: string,
    produce: (now: number) => Promise<Produced<V> | undefined>,
    note?: LookupNote,
  ): Promise<V | undefined> {
    const now = this.clock();
    const cached = this.cache.get(key, now);
    if (note !== undefined) note.cacheResult = cached === undefined ? "miss" : "hit";
    if (cached !== undefined) return cached;
    const ticket = this.cache.ticket();
    const produced = await produce(now);
    if (produced === undefined) return undefined;
    const until = produced.timed ? this.goLive.validUntil(now) : Number.POSITIVE_INFINITY;
    if (until > now) this.cache.put(key, produced.value, produced.dependencies, until, ticket);
    return produced.value;
  }
}
