import assert from "node:assert/strict";
import { test } from "node:test";
import { FrequencySketch, hashKey } from "../../src/posts/frequency-sketch.js";

test("an estimate is never below a key's count, up to the counters' 15", () => {
  const sketch = new FrequencySketch(1_024);
  const counts = new Map<string, number>();
  for (let i = 0; i < 3_000; i++) {
    const key = `/v1/posts/${(i * 7919) % 600}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    sketch.add(hashKey(key));
  }
  let exact = 0;
  for (const [key, count] of counts) {
    const estimate = sketch.estimate(hashKey(key));
    assert.ok(estimate >= Math.min(count, 15), `${key}: ${estimate} for ${count}`);
    if (estimate === Math.min(count, 15)) exact++;
  }
  assert.ok(exact > counts.size * 0.9, `${exact} of ${counts.size} exact`);
  assert.equal(sketch.estimate(hashKey("never added")), 0);
});

test("every count is halved once ten times its width has been added", () => {
  const sketch = new FrequencySketch(64);
  const hot = hashKey("hot");
  for (let i = 0; i < 12; i++) sketch.add(hot);
  assert.equal(sketch.estimate(hot), 12);
  // 640 additions in all: the last one halves every counter.
  for (let i = 12; i < 639; i++) sketch.add(hashKey(`other${i}`));
  assert.ok(sketch.estimate(hot) >= 12);
  sketch.add(hashKey("last"));
  assert.ok(sketch.estimate(hot) <= 7, `${sketch.estimate(hot)} after halving`);
  assert.ok(sketch.estimate(hot) >= 6);
});

test("sized to a power of two rows of counters, whatever it is asked for", () => {
  assert.equal(new FrequencySketch(1).bytes, 64 * 4);
  assert.equal(new FrequencySketch(65_536).bytes, 65_536 * 4);
  assert.equal(new FrequencySketch(65_537).bytes, 131_072 * 4);
});

test("keys that differ in one character hash apart", () => {
  const hashes = new Set<number>();
  for (let i = 0; i < 10_000; i++) hashes.add(hashKey(`p${i}\0c`));
  assert.ok(hashes.size > 9_990, `${hashes.size} distinct of 10,000`);
});
