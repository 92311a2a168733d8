// A least-recently-used map bounded by the bytes its values hold, not by their count:
// one 10 MB post must not be able to sit beside 64 MiB of others. The post cache and the
// answer cache share one (keys prefixed by owner), so the bound is the process's, not each's.
//
// Recency is a doubly linked list beside the Map, not the Map's insertion order: finding the
// oldest entry by iterating a Map walks over every slot deleted since its last rehash, and an
// LRU under churn deletes at the front all the time (15.8% of a server's CPU at 1M posts).

import { FrequencySketch, hashKey } from "./frequency-sketch.js";

/** The sketch is sized for one key per this many bytes of the bound (most entries are larger). */
const SKETCH_BYTES_PER_KEY = 1024;

export interface Sized {
  readonly bytes: number;
  /** Told when the LRU lets go of it (evicted, replaced, deleted, refused): it may free what it holds. */
  dropped?(): void;
}

// A class, not an object literal: V8 may decide that a literal's objects live long (as they do
// while the cache fills) and allocate them in the old space from then on, where a dead node
// keeps its key and value alive through young collections until the next full one.
class Node<K, V> {
  older: Node<K, V> | undefined = undefined;
  newer: Node<K, V> | undefined = undefined;

  constructor(
    readonly key: K,
    readonly value: V,
    /** What the entry was counted at (its size when stored, plus any growth since). */
    public bytes: number,
    public list: List<K, V>,
    /** The key's hash in the sketch, taken once when stored (0 for a plain LRU). */
    readonly hash: number,
  ) {}
}

/** One recency list and the bytes its entries were counted at. */
class List<K, V> {
  oldest: Node<K, V> | undefined;
  newest: Node<K, V> | undefined;
  used = 0;

  append(node: Node<K, V>): void {
    node.list = this;
    node.older = this.newest;
    node.newer = undefined;
    if (this.newest === undefined) this.oldest = node;
    else this.newest.newer = node;
    this.newest = node;
    this.used += node.bytes;
  }

  clear(): void {
    this.oldest = this.newest = undefined;
    this.used = 0;
  }

  unlink(node: Node<K, V>): void {
    if (node.older === undefined) this.oldest = node.newer;
    else node.older.newer = node.newer;
    if (node.newer === undefined) this.newest = node.older;
    else node.newer.older = node.older;
    node.older = node.newer = undefined;
    this.used -= node.bytes;
  }
}

/**
 * An LRU with a window (W-TinyLFU) when `windowShare` is below 1: new entries enter a window
 * of that share of the bound, and one the window pushes out stays only if it was asked for
 * more often lately than the entry it would evict from the rest. A scan of keys read once each
 * then passes through the window and leaves what is read often where it was, instead of turning
 * the whole cache over (each entry evicted after a second or so: long enough to reach the old
 * space of the heap, which it fills until a full collection). At 1, a plain LRU.
 */
export class ByteLru<K, V extends Sized> {
  private readonly map = new Map<K, Node<K, V>>();
  private readonly window = new List<K, V>();
  private readonly main = new List<K, V>();
  private readonly windowMax: number;
  private readonly mainMax: number;
  private readonly sketch: FrequencySketch | undefined;
  evictions = 0;

  constructor(
    readonly maxBytes: number,
    windowShare = 1,
  ) {
    this.windowMax = Math.round(maxBytes * Math.min(Math.max(windowShare, 0), 1));
    this.mainMax = maxBytes - this.windowMax;
    this.sketch =
      this.mainMax > 0
        ? new FrequencySketch(Math.ceil(maxBytes / SKETCH_BYTES_PER_KEY))
        : undefined;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.window.used + this.main.used;
  }

  get(key: K): V | undefined {
    const node = this.map.get(key);
    // A hit counts under the hash its node keeps: only a miss hashes the key.
    this.sketch?.add(node === undefined ? hashKey(String(key)) : node.hash);
    if (node === undefined) return undefined;
    this.touch(node);
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
    const hash = this.sketch === undefined ? 0 : hashKey(String(key));
    const node = new Node(key, value, bytes, this.window, hash);
    this.map.set(key, node);
    this.window.append(node);
    this.evict();
  }

  /** Accounts for a value that grew after it was stored (a compressed form added). */
  grow(key: K, extraBytes: number): void {
    const node = this.map.get(key);
    if (node === undefined) return;
    const list = node.list;
    list.unlink(node);
    node.bytes += extraBytes;
    list.append(node);
    if (node.bytes > this.maxBytes) return void this.delete(key);
    // Grown in place: what the rest must give up for it is not a question of admission.
    while (this.main.used > this.mainMax && this.main.oldest !== undefined) {
      this.drop(this.main.oldest);
    }
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
    this.window.clear();
    this.main.clear();
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

  private touch(node: Node<K, V>): void {
    const list = node.list;
    list.unlink(node);
    list.append(node);
  }

  /** Moves what the window holds over its share to the rest, or out. */
  private evict(): void {
    while (this.window.used > this.windowMax && this.window.oldest !== undefined) {
      const candidate = this.window.oldest;
      if (!this.admitted(candidate)) this.drop(candidate);
      else {
        this.window.unlink(candidate);
        this.main.append(candidate);
      }
    }
  }

  /** Room made in the rest for a candidate from the window, if it wins against each victim. */
  private admitted(candidate: Node<K, V>): boolean {
    const sketch = this.sketch;
    if (sketch === undefined || candidate.bytes > this.mainMax) return false;
    let wanted: number | undefined;
    while (this.main.used + candidate.bytes > this.mainMax) {
      const victim = this.main.oldest!;
      wanted ??= sketch.estimate(candidate.hash);
      if (wanted <= sketch.estimate(victim.hash)) return false;
      this.drop(victim);
    }
    return true;
  }

  /** Lets go of an entry for room. */
  private drop(node: Node<K, V>): void {
    this.remove(node);
    this.evictions++;
  }

  private remove(node: Node<K, V>): void {
    this.map.delete(node.key);
    node.list.unlink(node);
    node.value.dropped?.();
  }
}

/** One byte bound for every cache of a process: CACHE_MAX_BYTES is what they hold together. */
export type SharedLru = ByteLru<string, Sized>;
