// Cache-aside for the read service. One entry per (post id, includeContent), whichever route
// asked: a slug lookup goes through an index of slugs to ids, checked against the entry so a
// renamed post is never served under its old slug. Misses are kept briefly. A change notice
// drops what it names (and every miss: it may be a publish); a read that raced a change is
// not stored.
import { ByteLru, type Sized } from "./byte-lru.js";
import type { ChangeNotice, Lookup } from "../store/post-store.js";

export interface Cacheable extends Sized {
  readonly postId: string;
  readonly publicationSlug: string;
  readonly slug: string;
}

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  bytes: number;
  entries: number;
}

export type { Lookup };

const entryKey = (id: string, withContent: boolean) => (withContent ? `${id}\0c` : id);
const slugKey = (publicationSlug: string, slug: string) => `${publicationSlug}\0${slug}`;
const lookupKey = (l: Lookup) =>
  "id" in l ? `i\0${l.id}` : `s\0${slugKey(l.publicationSlug, l.postSlug)}`;

export class PostCache<R extends Cacheable> {
  private readonly entries: ByteLru<string, R>;
  private readonly slugs = new Map<string, string>();
  /** Lookup → until when "no such post" is trusted. */
  private readonly misses = new Map<string, number>();
  private generation = 0;
  private hits = 0;
  private lookups = 0;

  constructor(
    maxBytes: number,
    private readonly maxKeys = 200_000,
  ) {
    this.entries = new ByteLru(maxBytes);
  }

  get enabled(): boolean {
    return this.entries.maxBytes > 0;
  }

  /** A representation, `null` for a known miss, or undefined when the store must be asked. */
  get(lookup: Lookup, withContent: boolean, now: number): R | null | undefined {
    this.lookups++;
    const bySlug = "postSlug" in lookup;
    const id = bySlug
      ? this.slugs.get(slugKey(lookup.publicationSlug, lookup.postSlug))
      : lookup.id;
    const entry = id === undefined ? undefined : this.entries.get(entryKey(id, withContent));
    if (
      entry !== undefined &&
      (!bySlug ||
        (entry.slug === lookup.postSlug && entry.publicationSlug === lookup.publicationSlug))
    ) {
      this.hits++;
      return entry;
    }
    const until = this.misses.get(lookupKey(lookup));
    if (until !== undefined && until > now) return (this.hits++, null);
    return undefined;
  }

  /** Taken before a store read and handed back to put: a read that straddles a change is dropped. */
  ticket(): number {
    return this.generation;
  }

  put(withContent: boolean, value: R, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    this.entries.set(entryKey(value.postId, withContent), value);
    if (this.slugs.size >= this.maxKeys) this.slugs.clear();
    this.slugs.set(slugKey(value.publicationSlug, value.slug), value.postId);
  }

  putMiss(lookup: Lookup, until: number, ticket: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    if (this.misses.size >= this.maxKeys) this.misses.clear();
    this.misses.set(lookupKey(lookup), until);
  }

  /** The entry gained bytes (a compressed form): account for them, evicting if need be. */
  grew(value: R, withContent: boolean, extraBytes: number): void {
    this.entries.grow(entryKey(value.postId, withContent), extraBytes);
  }

  apply(notice: ChangeNotice): void {
    this.generation++;
    this.misses.clear();
    if (notice.all) {
      this.entries.clear();
      this.slugs.clear();
      return;
    }
    for (const id of notice.postIds) {
      this.entries.delete(entryKey(id, false));
      this.entries.delete(entryKey(id, true));
    }
  }

  snapshot(): CacheStats {
    const { evictions, bytes, size } = this.entries;
    return { hits: this.hits, misses: this.lookups - this.hits, evictions, bytes, entries: size };
  }
}
