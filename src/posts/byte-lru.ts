// A least-recently-used map bounded by the bytes its values hold, not by their count:
// one 10 MB post must not be able to sit beside 64 MiB of others.

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
}
