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
