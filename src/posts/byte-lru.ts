// A least-recently-used map bounded by the bytes its values hold, not by their count:
// one 10 MB post must not be able to sit beside 64 MiB of others. The post cache and the
// answer cache share one (keys prefixed by owner), so the bound is the process's, not each's.

export interface Sized {
  readonly bytes: number;
}

export class ByteLru<K, V extends Sized> {
  private readonly map = new Map<K, V>();
  private used = 0;
  evictions = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as most recent.
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    if (value.bytes > this.maxBytes) return;
    this.map.set(key, value);
    this.used += value.bytes;
    for (const [oldest, old] of this.map) {
      if (this.used <= this.maxBytes) break;
      this.map.delete(oldest);
      this.used -= old.bytes;
      this.evictions++;
    }
  }

  /** Accounts for a value that grew after it was stored (a compressed form added). */
  grow(key: K, extraBytes: number): void {
    if (!this.map.has(key)) return;
    this.used += extraBytes;
    const value = this.map.get(key)!;
    this.set(key, value);
  }

  delete(key: K): boolean {
    const value = this.map.get(key);
    if (value === undefined) return false;
    this.map.delete(key);
    this.used -= value.bytes;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.used = 0;
  }

  /** How many entries one user of a shared LRU holds (a scan: for tests and diagnostics). */
  countPrefixed(this: ByteLru<string, V>, prefix: string): number {
    let count = 0;
    for (const key of this.map.keys()) if (key.startsWith(prefix)) count++;
    return count;
  }

  /** Drops one user's entries from an LRU several caches share (each keeps its own prefix). */
  deletePrefixed(this: ByteLru<string, V>, prefix: string): void {
    if (prefix === "") return this.clear();
    for (const [key, value] of this.map) {
      if (!key.startsWith(prefix)) continue;
      this.map.delete(key);
      this.used -= value.bytes;
    }
  }
}

/** One byte bound for every cache of a process: CACHE_MAX_BYTES is what they hold together. */
export type SharedLru = ByteLru<string, Sized>;
