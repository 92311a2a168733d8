import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteLru } from "../../src/posts/byte-lru.js";

const v = (bytes: number) => ({ bytes });

test("evicts least recently used entries until the byte bound holds", () => {
  const lru = new ByteLru<string, { bytes: number }>(100);
  lru.set("a", v(40));
  lru.set("b", v(40));
  lru.get("a"); // a is now more recent than b
  lru.set("c", v(40));
  assert.deepEqual([lru.get("a")?.bytes, lru.get("b"), lru.get("c")?.bytes], [40, undefined, 40]);
  assert.equal(lru.bytes, 80);
  assert.equal(lru.evictions, 1);
});

test("a value larger than the whole bound is not stored, and replaces nothing", () => {
  const lru = new ByteLru<string, { bytes: number }>(100);
  lru.set("a", v(60));
  lru.set("huge", v(101));
  assert.equal(lru.get("huge"), undefined);
  assert.equal(lru.get("a")?.bytes, 60);
});

test("replacing a key and growing a value keep the byte count exact", () => {
  const lru = new ByteLru<string, { bytes: number }>(100);
  lru.set("a", v(30));
  lru.set("a", v(50));
  assert.equal(lru.bytes, 50);
  const grown = { bytes: 50 };
  lru.set("g", grown);
  grown.bytes = 70; // gained a compressed form
  lru.grow("g", 20);
  assert.equal(lru.bytes, 70);
  assert.equal(lru.get("a"), undefined, "growth evicts the older entry");
  lru.delete("g");
  assert.equal(lru.bytes, 0);
});

test("a bound of zero stores nothing", () => {
  const lru = new ByteLru<string, { bytes: number }>(0);
  lru.set("a", v(1));
  assert.equal(lru.size, 0);
});

/** The same bound kept the slow, obvious way: an array from least to most recent. */
class ModelLru {
  entries: { key: string; bytes: number }[] = [];
  constructor(readonly max: number) {}
  private used = () => this.entries.reduce((s, e) => s + e.bytes, 0);
  get(key: string) {
    const i = this.entries.findIndex((e) => e.key === key);
    if (i < 0) return undefined;
    const [entry] = this.entries.splice(i, 1);
    this.entries.push(entry!);
    return entry!.bytes;
  }
  set(key: string, bytes: number) {
    this.entries = this.entries.filter((e) => e.key !== key);
    if (bytes > this.max) return;
    this.entries.push({ key, bytes });
    while (this.used() > this.max) this.entries.shift();
  }
  delete(key: string) {
    this.entries = this.entries.filter((e) => e.key !== key);
  }
}

test("under random churn it keeps exactly what an obvious LRU keeps", () => {
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const lru = new ByteLru<string, { bytes: number }>(1_000);
  const model = new ModelLru(1_000);
  for (let step = 0; step < 20_000; step++) {
    const key = `k${random(60)}`;
    const op = random(10);
    if (op < 4) assert.equal(lru.get(key)?.bytes, model.get(key), `get ${key} at ${step}`);
    else if (op < 9) {
      const bytes = 1 + random(120);
      lru.set(key, v(bytes));
      model.set(key, bytes);
    } else {
      lru.delete(key);
      model.delete(key);
    }
    assert.equal(lru.size, model.entries.length, `size at ${step}`);
  }
  assert.equal(
    lru.bytes,
    model.entries.reduce((s, e) => s + e.bytes, 0),
  );
  lru.deletePrefixed("k1");
  model.entries = model.entries.filter((e) => !e.key.startsWith("k1"));
  for (const { key, bytes } of [...model.entries]) assert.equal(lru.get(key)?.bytes, bytes);
  assert.equal(lru.size, model.entries.length);
});

test("a value is told when the LRU lets go of it, however it goes", () => {
  const released: string[] = [];
  const value = (name: string, bytes: number) => ({ bytes, dropped: () => released.push(name) });
  const lru = new ByteLru<string, ReturnType<typeof value>>(100);
  lru.set("a", value("a", 40));
  lru.set("b", value("b", 40));
  lru.set("c", value("c", 40));
  assert.deepEqual(released, ["a"], "evicted");
  lru.set("b", value("b2", 10));
  assert.deepEqual(released, ["a", "b"], "replaced");
  lru.delete("c");
  assert.deepEqual(released, ["a", "b", "c"], "deleted");
  lru.set("huge", value("huge", 101));
  assert.deepEqual(released, ["a", "b", "c", "huge"], "refused: over the bound");
  lru.set("d", value("d", 10));
  lru.grow("d", 200);
  assert.deepEqual(released, ["a", "b", "c", "huge", "d"], "grown past the bound");
  lru.clear();
  assert.deepEqual(released, ["a", "b", "c", "huge", "d", "b2"], "cleared");
  assert.equal(lru.peek("b"), undefined);
});

/** Cache-aside as the read service does it: look up, and store on a miss. */
function read(lru: ByteLru<string, { bytes: number }>, key: string, bytes = 1_000): boolean {
  if (lru.get(key) !== undefined) return true;
  lru.set(key, v(bytes));
  return false;
}

test("with a window, a scan of keys read once leaves the keys read often where they were", () => {
  const kept = (share: number) => {
    const lru = new ByteLru<string, { bytes: number }>(10_000, share);
    // Between two reads of a hot key, more keys read once than the whole bound holds.
    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 8; i++) read(lru, `hot${i}`);
      for (let i = 0; i < 12; i++) read(lru, `scan${round}.${i}`);
    }
    const hot = Array.from({ length: 8 }, (_, i) => lru.peek(`hot${i}`)).filter(Boolean).length;
    return { hot, newest: lru.peek("scan99.11") !== undefined, bytes: lru.bytes };
  };
  assert.deepEqual(kept(0.1), { hot: 8, newest: true, bytes: 10_000 });
  assert.deepEqual(kept(1), { hot: 0, newest: true, bytes: 10_000 }, "a plain LRU loses them all");
});

test("with a window, a key read more often than the rest's oldest takes its place", () => {
  const lru = new ByteLru<string, { bytes: number }>(10_000, 0.1);
  for (let round = 0; round < 2; round++) for (let i = 0; i < 9; i++) read(lru, `warm${i}`);
  // Asked for five times before it was ever stored, then pushed out of the window.
  for (let i = 0; i < 5; i++) lru.get("popular");
  lru.set("popular", v(1_000));
  read(lru, "next");
  assert.ok(lru.peek("popular"), "admitted from the window");
  assert.equal(lru.peek("warm0"), undefined, "the least recently used of the rest made room");
  assert.equal(lru.size, 10);
  assert.equal(lru.evictions, 1);
  // Keys read once, pushed out the same way, are refused: the rest is left as it was.
  read(lru, "once");
  read(lru, "after");
  assert.equal(lru.peek("next"), undefined);
  assert.equal(lru.peek("once"), undefined);
  assert.ok(lru.peek("warm1"));
  assert.equal(lru.evictions, 3);
});

test("with a window, the count stays exact and every value is let go of once", () => {
  let seed = 11;
  const random = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
  const live = new Map<{ bytes: number }, string>();
  let released = 0;
  const value = (bytes: number) => {
    const it = {
      bytes,
      dropped: () => (assert.ok(live.delete(it), "let go of twice"), released++),
    };
    return it;
  };
  const lru = new ByteLru<string, ReturnType<typeof value>>(5_000, 0.05);
  let stored = 0;
  for (let step = 0; step < 30_000; step++) {
    const key = `k${random(step < 15_000 ? 40 : 400)}`;
    const op = random(20);
    if (op < 9) lru.get(key);
    else if (op < 17) {
      const it = value(1 + random(600));
      live.set(it, key);
      stored++;
      lru.set(key, it);
    } else if (op < 18) {
      const it = lru.peek(key);
      if (it !== undefined) {
        const extra = random(300);
        it.bytes += extra;
        lru.grow(key, extra);
      }
    } else if (op < 19) lru.delete(key);
    else if (step % 1_000 === 0) lru.deletePrefixed(`k${random(9)}`);
    const held = [...live].reduce((sum, [it]) => sum + it.bytes, 0);
    assert.equal(lru.bytes, held, `bytes at ${step}`);
    assert.equal(lru.size, live.size, `size at ${step}`);
    assert.ok(lru.bytes <= 5_000, `${lru.bytes} bytes at ${step}`);
    for (const [it, k] of live) if (random(50) === 0) assert.equal(lru.peek(k), it);
  }
  lru.clear();
  assert.equal(live.size, 0);
  assert.equal(released, stored);
});
