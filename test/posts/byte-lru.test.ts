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
