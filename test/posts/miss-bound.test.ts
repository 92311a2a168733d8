// Remembered misses live inside the cache's byte bound. 30,000 distinct
// long slugs that name nothing, under a 1 MiB bound, must not hold tens of megabytes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PostCache } from "../../src/posts/post-cache.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const MiB = 1024 * 1024;
const MISSES = 30_000;
/** Long enough that holding every miss would be ~60 MB of keys alone. */
const SLUG_LENGTH = 2000;

const rep = (postId: string) => ({ postId, slug: postId, publicationSlug: "p", bytes: 50_000 });
// Flat, distinct strings as a parsed URL gives (a repeated suffix would share its memory).
const longSlug = (i: number) => `${i}-${randomBytes(SLUG_LENGTH / 2).toString("hex")}`;

function heapUsed(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

test("30,000 long-slug misses stay within a 1 MiB cache bound", (t) => {
  const cache = new PostCache<ReturnType<typeof rep>>(MiB);
  const before = heapUsed();
  for (let i = 0; i < MISSES; i++) {
    const lookup = { publicationSlug: "blog", postSlug: longSlug(i) };
    cache.putMiss(lookup, Number.MAX_SAFE_INTEGER, cache.ticket());
  }
  const grown = heapUsed() - before;
  assert.ok(cache.snapshot().bytes <= MiB, `${cache.snapshot().bytes} bytes accounted`);
  // The bound plus what the LRU's bookkeeping costs, far below the ~60 MB of unbounded keys.
  assert.ok(grown < 4 * MiB, `heap grew ${(grown / MiB).toFixed(1)} MiB`);
  t.diagnostic(`heap grew ${(grown / MiB).toFixed(2)} MiB for ${MISSES} misses`);
  const recent = { publicationSlug: "blog", postSlug: longSlug(MISSES) };
  cache.putMiss(recent, Number.MAX_SAFE_INTEGER, cache.ticket());
  assert.equal(cache.get(recent, false, 0), null, "a recent miss is still remembered");
});

test("misses and posts share the bound: a flood of misses evicts, it does not add", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(MiB);
  for (let i = 0; i < 20; i++) cache.put(false, rep(`post${i}`), cache.ticket());
  for (let i = 0; i < 2000; i++) {
    cache.putMiss({ publicationSlug: "b", postSlug: longSlug(i) }, 1e15, cache.ticket());
    assert.ok(cache.snapshot().bytes <= MiB);
  }
  assert.ok(cache.snapshot().evictions > 0, "the least recent posts made room");
});
