import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { ByteArena, type Held } from "../../src/posts/byte-arena.js";

/** A deterministic stream of numbers, so a failing sequence can be run again. */
function numbers(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

test("a copy is the bytes held, and stays so when the run is released and its place taken", () => {
  const arena = new ByteArena(4096);
  const first = randomBytes(400);
  const held = arena.hold(first);
  const copy = arena.copy(held);
  assert.deepEqual(copy, first);
  arena.release(held);
  // Fill the slab again: the released place is written over.
  for (let i = 0; i < 12; i++) arena.hold(Buffer.alloc(400, i + 1));
  assert.deepEqual(copy, first, "a copy handed out is its reader's own");
  assert.throws(() => arena.copy(held), /released/);
});

test("a run held from parts reads back whole, from an offset, and as text, after compaction", () => {
  const arena = new ByteArena(4096);
  const kept: { held: Held; parts: Buffer[] }[] = [];
  for (let i = 0; i < 400; i++) {
    const parts = [Buffer.from(`ëtag-${i}\n`), randomBytes(50 + (i % 20) * 9), Buffer.alloc(0)];
    kept.push({ held: arena.hold(...parts), parts });
    // Every other run released: the slabs are compacted and runs moved as more are held.
    if (i % 2 === 1) arena.release(kept[i - 1]!.held);
  }
  // Then most of what is left, at once: the emptiest slabs' runs move to the others.
  for (let i = 1; i < 400; i += 4) arena.release(kept[i]!.held);
  assert.ok(arena.compacted > 0, "some runs were moved");
  for (const { held, parts } of kept.filter((_, i) => i % 4 === 3)) {
    assert.equal(held.length, parts[0]!.length + parts[1]!.length);
    assert.deepEqual(arena.copy(held), Buffer.concat(parts));
    assert.deepEqual(arena.copy(held, parts[0]!.length), parts[1]);
    assert.equal(arena.text(held, 0, parts[0]!.length), parts[0]!.toString());
  }
  const released = kept[0]!.held;
  assert.throws(() => arena.text(released, 0, 1), /released/);
});

test("released runs are taken again: the slabs stay within the live bytes and their slack", () => {
  const slab = 8192;
  const arena = new ByteArena(slab);
  const next = numbers(7);
  const held: { run: Held; bytes: Buffer }[] = [];
  // A few runs are never released, as hot entries of a cache are not: no slab empties alone.
  const hot: { run: Held; bytes: Buffer }[] = [];
  let peak = 0;
  for (let step = 0; step < 20_000; step++) {
    if (held.length > 0 && (held.length > 80 || next(3) === 0)) {
      const [gone] = held.splice(next(held.length), 1);
      arena.release(gone!.run);
    } else {
      const bytes = randomBytes(1 + next(slab / 8));
      (hot.length < 40 && next(50) === 0 ? hot : held).push({ run: arena.hold(bytes), bytes });
    }
    peak = Math.max(peak, arena.live);
    // Released runs leave holes until room is next needed; the slabs never outgrow the peak.
    const allowance = peak * 1.25 + 2 * slab;
    assert.ok(arena.footprint <= allowance, `step ${step}: ${arena.footprint} > ${allowance}`);
  }
  for (const { run, bytes } of [...held, ...hot]) assert.deepEqual(arena.copy(run), bytes);
  assert.equal(
    arena.live,
    [...held, ...hot].reduce((n, h) => n + h.bytes.length, 0),
  );
  assert.ok(arena.compacted > 0, "holes were closed by moving live runs");
  for (const { run } of [...held, ...hot]) arena.release(run);
  assert.ok(arena.footprint <= 2 * slab, `emptied, it keeps ${arena.footprint} bytes`);
});

test("copies handed out stay as they were, however many are made after them", () => {
  const arena = new ByteArena(256 * 1024);
  const runs = [randomBytes(3000), randomBytes(20_000)].map((b) => ({ b, run: arena.hold(b) }));
  const first = runs.map(({ run }) => arena.copy(run));
  // Far more than one chunk of copies, small and over 16 KiB.
  for (let i = 0; i < 200; i++) for (const { run } of runs) arena.copy(run).fill(i);
  first.forEach((copy, i) => assert.deepEqual(copy, runs[i]!.b));
});

test("a copy of a run sharing its slab stays as it was when the slab is filled again", () => {
  const arena = new ByteArena(256 * 1024);
  // 20 KB: under an eighth of the slab, so in a shared slab, and copied out on its own.
  const bytes = randomBytes(20_000);
  const run = arena.hold(bytes);
  const copy = arena.copy(run);
  arena.release(run);
  for (let i = 0; i < 40; i++) arena.release(arena.hold(Buffer.alloc(20_000, i)));
  for (let i = 0; i < 12; i++) arena.hold(Buffer.alloc(20_000, 100 + i));
  assert.deepEqual(copy, bytes);
});

test("after many runs are released at once, the slabs shrink to what the rest need", () => {
  const slab = 16 * 1024;
  const arena = new ByteArena(slab);
  const next = numbers(3);
  const held = Array.from({ length: 2000 }, () => {
    const bytes = randomBytes(100 + next(1500));
    return { run: arena.hold(bytes), bytes };
  });
  // Every other run: no slab empties by itself.
  const kept = held.filter((_, i) => i % 2 === 0);
  held.forEach(({ run }, i) => i % 2 === 1 && arena.release(run));
  const allowance = arena.live * 1.25 + 3 * slab;
  assert.ok(arena.footprint <= allowance, `${arena.footprint} bytes kept for ${arena.live} live`);
  for (const { run, bytes } of kept) assert.deepEqual(arena.copy(run), bytes);
});

test("a run longer than an eighth of a slab has a slab of its own, given back on release", () => {
  const arena = new ByteArena(4096);
  const big = randomBytes(600);
  const held = arena.hold(big);
  assert.equal(arena.footprint, 600);
  assert.deepEqual(arena.copy(held), big);
  arena.release(held);
  arena.release(held);
  assert.equal(arena.footprint, 0);
  assert.equal(arena.live, 0);
});

test("slabs are sized to the bound: small bounds get small slabs", () => {
  assert.equal(ByteArena.forBound(64 * 1024 * 1024).slabBytes, 1024 * 1024);
  assert.equal(ByteArena.forBound(1024 * 1024).slabBytes, 16 * 1024);
  assert.equal(ByteArena.forBound(1000).slabBytes, 4096);
});
