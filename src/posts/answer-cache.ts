// Cached answers of the discovery reads (lists, feeds, searches, publications, users),
// bounded by bytes. Each entry names what it depends on — its list (`pub-{id}`,
// `tag-{name}`, `feed`, `search`) and the posts in it (`post-{id}`) — and a change notice
// drops exactly the entries it touches. An answer that depends on time is kept only until
// the next go-live; a read that straddles a change is not stored.
import { ByteLru, type SharedLru, type Sized } from "./byte-lru.js";
import type { ChangeNotice } from "../store/post-store.js";

/** Dependency names, the same strings CDNs purge by (Surrogate-Key). */
export const depends = {
  publication: (id: string) => `pub-${id}`,
  tag: (name: string) => `tag-${name}`,
  post: (id: string) => `post-${id}`,
  user: (id: string) => `user-${id}`,
  feed: "feed",
  search: "search",
  /** Every list whose membership a write may change without saying which. */
  lists: "lists",
} as const;

interface Entry<V> extends Sized {
  value: V;
  until: number;
}

// This cache's share of an LRU the post cache may use too: every key starts with its own
// prefix ("a" for the discovery answers; the post cache's keys start otherwise).
const OWN = "a";

export class AnswerCache<V extends Sized> {
  private readonly entries: SharedLru;
  /** Dependency → keys of the entries that have it. */
  private readonly dependents = new Map<string, Set<string>>();
  private indexed = 0;
  private generation = 0;

  /**
   * Its own LRU of `bound` bytes, or a share of one that other caches use too, each under a
   * prefix of its own (no other cache's keys may start with it).
   */
  constructor(
    bound: number | SharedLru,
    private readonly maxIndexed = 500_000,
    private readonly own = OWN,
  ) {
    this.entries = typeof bound === "number" ? new ByteLru(bound) : bound;
  }

  get enabled(): boolean {
    return this.entries.maxBytes > 0;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(this.own + key) as Entry<V> | undefined;
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(this.own + key);
    return undefined;
  }

  /** Taken before a store read and handed back to put: a read that straddles a change is dropped. */
  ticket(): number {
    return this.generation;
  }

  put(key: string, value: V, dependencies: readonly string[], until: number, ticket: number) {
    if (!this.enabled || ticket !== this.generation) return;
    // Evicted entries leave their names behind; past a bound the index starts over.
    if (this.indexed + dependencies.length > this.maxIndexed) this.clear();
    const entry: Entry<V> = { value, until, bytes: value.bytes + 64 * dependencies.length };
    this.entries.set(this.own + key, entry);
    for (const name of dependencies) {
      const keys = this.dependents.get(name) ?? new Set();
      keys.add(key);
      this.dependents.set(name, keys);
      this.indexed++;
    }
  }

  apply(notice: ChangeNotice): void {
    this.generation++;
    if (notice.all) return this.clear();
    for (const name of touched(notice)) this.drop(name);
  }

  /** Its own entries, not those of caches it shares its LRU with. */
  get size(): number {
    return this.entries.countPrefixed(this.own);
  }

  private drop(name: string): void {
    const keys = this.dependents.get(name);
    if (keys === undefined) return;
    this.dependents.delete(name);
    this.indexed -= keys.size;
    for (const key of keys) this.entries.delete(this.own + key);
  }

  private clear(): void {
    this.entries.deletePrefixed(this.own);
    this.dependents.clear();
    this.indexed = 0;
  }
}

/** What a notice touches: the posts it names, and the lists they entered or left. */
function touched(notice: ChangeNotice): string[] {
  if (notice.postIds.length === 0) return [];
  const names = [...notice.postIds.map(depends.post), depends.search];
  const { publicationIds, tags } = notice;
  // A writer that does not say which lists changed may have changed any of them.
  if (publicationIds === undefined || tags === undefined) return [...names, depends.lists];
  if (publicationIds.length > 0 || tags.length > 0) names.push(depends.feed);
  names.push(...publicationIds.map(depends.publication), ...tags.map(depends.tag));
  return names;
}
