// Cache-aside for the read service. One entry per (post id, includeContent), whichever route
// asked: a slug lookup goes through an index of slugs to ids, checked against what the entry
// gives out, so a renamed post is never served under its old slug. Misses and the slug index live in the same
// byte-bounded LRU as posts, each counted (a flood of distinct misses or slugs evicts; it cannot
// grow the heap). A change notice drops what it names (and every miss: it may be a publish); a
// read that raced a change is not stored.
import { ByteLru, type SharedLru, type Sized } from "./byte-lru.js";
import type { ChangeNotice, Lookup } from "../store/post-store.js";

export interface Cacheable extends Sized {
  readonly postId: string;
  readonly publicationSlug: string;
  readonly slug: string;
}

/**
 * A value as the cache keeps it: `out` gives each read a value of its own, whose post and
 * slugs the cache checks (a kept value need not hold them where the heap can see them).
 */
export interface Kept<R> extends Sized {
  out(): R;
}

/** How the cache keeps a value: in memory it owns (kept-post.ts), or as it is. */
export interface Keeper<R, K extends Kept<R> = Kept<R>> {
  keep(value: R): K;
  /** Bytes the kept values hold outside the heap. */
  held(): number;
}

/** Kept as it is: the same object to every read (for values holding nothing to free). */
export const asItIs: Keeper<Cacheable> = {
  keep: (value) => ({ bytes: value.bytes, out: () => value }),
  held: () => 0,
};

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  bytes: number;
  entries: number;
  /** Bytes of memory the kept values hold off the heap, free space included (slabs). */
  held: number;
}

export type { Lookup };

// Every key starts with "p", this cache's share of an LRU the answer cache may use too. Ids and
// slugs never hold control characters (import refuses them), so no two kinds of key can meet.
const OWN = "p";
const entryKey = (id: string, withContent: boolean) => (withContent ? `p${id}\0c` : `p${id}`);
const slugKey = (publicationSlug: string, slug: string) => `p\0s\0${publicationSlug}\0${slug}`;
const missKey = (l: Lookup) =>
  "id" in l ? `p\0m\0${l.id}` : `p\0n\0${l.publicationSlug}\0${l.postSlug}`;

/**
 * What a key-only entry holds: its key (2 bytes a character at worst), map slot, LRU node and
 * object, about 250 bytes live besides the key, counted with the old space's room around
 * them as a post's entry is (ENTRY_OVERHEAD_BYTES).
 */
const keyBytes = (key: string) => 2 * key.length + 560;

/** "No such post" until `until`, believed only while no change has arrived since. */
class Miss implements Sized {
  constructor(
    readonly until: number,
    readonly generation: number,
    readonly bytes: number,
  ) {}
}

/** A slug's post id, for lookups by slug: counted and evicted like everything else. */
class SlugEntry implements Sized {
  constructor(
    readonly postId: string,
    readonly bytes: number,
  ) {}
}

export class PostCache<R extends Cacheable, K extends Kept<R> = Kept<R>> {
  private readonly entries: SharedLru;
  private generation = 0;
  private hits = 0;
  private lookups = 0;

  /** Its own LRU of `bound` bytes, or a share of one that other caches use too. */
  constructor(
    bound: number | SharedLru,
    private readonly keeper: Keeper<R, K> = asItIs as unknown as Keeper<R, K>,
  ) {
    this.entries = typeof bound === "number" ? new ByteLru(bound) : bound;
  }

  get enabled(): boolean {
    return this.entries.maxBytes > 0;
  }

  /** A representation, `null` for a known miss, or undefined when the store must be asked. */
  get(lookup: Lookup, withContent: boolean, now: number): R | null | undefined {
    this.lookups++;
    // Off (a zero bound): nothing was stored, so no key is built or looked up.
    if (!this.enabled) return undefined;
    const bySlug = "postSlug" in lookup;
    const id = bySlug ? this.slugId(lookup.publicationSlug, lookup.postSlug) : lookup.id;
    const entry =
      id === undefined ? undefined : this.post(this.entries.get(entryKey(id, withContent)));
    // Checked on the value given out: a kept entry may have to read its slugs to answer.
    const value = entry?.out();
    if (
      value !== undefined &&
      (!bySlug ||
        (value.slug === lookup.postSlug && value.publicationSlug === lookup.publicationSlug))
    ) {
      this.hits++;
      return value;
    }
    const miss = this.entries.get(missKey(lookup));
    if (miss instanceof Miss && miss.generation === this.generation && miss.until > now) {
      return (this.hits++, null);
    }
    return undefined;
  }

  private post(value: Sized | undefined): K | undefined {
    return value instanceof Miss || value instanceof SlugEntry ? undefined : (value as K);
  }

  private slugId(publicationSlug: string, slug: string): string | undefined {
    const value = this.entries.get(slugKey(publicationSlug, slug));
    return value instanceof SlugEntry ? value.postId : undefined;
  }

  /** Taken before a store read and handed back to put: a read that straddles a change is dropped. */
  ticket(): number {
    return this.generation;
  }

  put(withContent: boolean, value: R, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    const entry = entryKey(value.postId, withContent);
    // One the bound would refuse is not copied in first; it still replaces what was there.
    if (value.bytes > this.entries.maxBytes) return void this.entries.delete(entry);
    this.entries.set(entry, this.keeper.keep(value));
    const key = slugKey(value.publicationSlug, value.slug);
    this.entries.set(key, new SlugEntry(value.postId, keyBytes(key)));
  }

  putMiss(lookup: Lookup, until: number, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    const key = missKey(lookup);
    this.entries.set(key, new Miss(until, this.generation, keyBytes(key)));
  }

  /**
   * Adds to the kept entry of the value's post and form, while the cache holds one (a
   * compressed form made after it): `add` returns the bytes it added, counted from now.
   */
  amend(value: R, withContent: boolean, add: (kept: K) => number): void {
    const key = entryKey(value.postId, withContent);
    const kept = this.post(this.entries.peek(key));
    if (kept === undefined) return;
    const extra = add(kept);
    if (extra > 0) this.entries.grow(key, extra);
  }

  apply(notice: ChangeNotice): void {
    // Every miss predates this generation now: none is believed again (they age out).
    this.generation++;
    if (notice.all) return this.entries.deletePrefixed(OWN);
    for (const id of notice.postIds) {
      this.entries.delete(entryKey(id, false));
      this.entries.delete(entryKey(id, true));
    }
  }

  snapshot(): CacheStats {
    const { evictions, bytes, size } = this.entries;
    const { hits, lookups } = this;
    return {
      hits,
      misses: lookups - hits,
      evictions,
      bytes,
      entries: size,
      held: this.keeper.held(),
    };
  }
}
