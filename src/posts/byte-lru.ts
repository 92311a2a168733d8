// A least-recently-used map bounded by the bytes its values hold, not by their count:
// one 10 MB post must not be able to sit beside 64 MiB of others. The post cache and the
// answer cache share one (keys prefixed by owner), so the bound is the process's, not each's.
//
// Recency is a doubly linked list beside the Map, not the Map's insertion order: finding the
// oldest entry by iterating a Map walks over every slot deleted since its last rehash, and an
// LRU under churn deletes at the front all the time (15.8% of a server's CPU at 1M posts).

export interface Sized {
  readonly bytes: number;
  /** Told when the LRU lets go of it (evicted, replaced, deleted, refused): it may free what it holds. */
  dropped?(): void;
}

interface Node<K, V> {
  key: K;
  value: V;
  /** What the entry was counted at (its size when stored, plus any growth since). */
  bytes: number;
  older: Node<K, V> | undefined;
  newer: Node<K, V> | undefined;
}

export class ByteLru<K, V extends Sized> {
  private readonly map = new Map<K, Node<K, V>>();
  private oldest: Node<K, V> | undefined;
  private newest: Node<K, V> | undefined;
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
    const node = this.map.get(key);
    if (node === undefined) return undefined;
    this.unlink(node);
    this.append(node);
    return node.value;
  }

  /** The value, its recency left as it is. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = value.bytes;
    if (bytes > this.maxBytes) return value.dropped?.();
    const node: Node<K, V> = { key, value, bytes, older: undefined, newer: undefined };
    this.map.set(key, node);
    this.append(node);
    this.used += bytes;
    this.evict();
  }

  /** Accounts for a value that grew after it was stored (a compressed form added). */
  grow(key: K, extraBytes: number): void {
    const node = this.map.get(key);
    if (node === undefined) return;
    node.bytes += extraBytes;
    this.used += extraBytes;
    this.unlink(node);
    this.append(node);
    if (node.bytes > this.maxBytes) this.delete(key);
    this.evict();
  }

  delete(key: K): boolean {
    const node = this.map.get(key);
    if (node === undefined) return false;
    this.remove(node);
    return true;
  }

  clear(): void {
    for (const node of this.map.values()) node.value.dropped?.();
    this.map.clear();
    this.oldest = this.newest = undefined;
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
    for (const node of this.map.values()) if (node.key.startsWith(prefix)) this.remove(node);
  }

  private evict(): void {
    while (this.used > this.maxBytes && this.oldest !== undefined) {
      this.remove(this.oldest);
      this.evictions++;
    }
  }

  private remove(node: Node<K, V>): void {
    this.map.delete(node.key);
    this.unlink(node);
    this.used -= node.bytes;
    node.value.dropped?.();
  }

  private append(node: Node<K, V>): void {
    node.older = this.newest;
    node.newer = undefined;
    if (this.newest === undefined) this.oldest = node;
    else this.newest.newer = node;
    this.newest = node;
  }

  private unlink(node: Node<K, V>): void {
    if (node.older === undefined) this.oldest = node.newer;
    else node.older.newer = node.newer;
    if (node.newer === undefined) this.newest = node.older;
    else node.newer.older = node.older;
    node.older = node.newer = undefined;
  }
}

/** One byte bound for every cache of a process: CACHE_MAX_BYTES is what they hold together. */
export type SharedLru = ByteLru<string, Sized>;
