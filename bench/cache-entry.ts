// What one post-cache entry costs the process beyond its body, against what the cache counts
// for it (Representation.bytes): N entries filled through PostCache as a cache miss fills them
// (a stored body read as a Buffer, its Representation, the id and slug keys), measured after a
// full collection. `npm run build && node --expose-gc dist/bench/cache-entry.js`.
import { randomBytes } from "node:crypto";
import { KeptPost } from "../src/http/wire/kept-post.js";
import { Representation } from "../src/http/wire/representation.js";
import { ByteArena } from "../src/posts/byte-arena.js";
import { PostCache } from "../src/posts/post-cache.js";

const N = Number(process.env.BENCH_ENTRIES ?? 20_000);
const BODY = Number(process.env.BENCH_BODY_BYTES ?? 2_500);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

function settled() {
  for (let i = 0; i < 3; i++) gc!();
  return process.memoryUsage();
}

const arena = new ByteArena();
const cache = new PostCache<Representation>(Number.MAX_SAFE_INTEGER, {
  keep: (r) => new KeptPost(arena, r),
  held: () => arena.footprint,
});
const before = settled();
for (let i = 0; i < N; i++) {
  const post = {
    id: `pst_${i}_${randomBytes(4).toString("hex")}`,
    publicationId: `pub_${i % 10}`,
    publicationSlug: `publication-${i % 10}`,
    slug: `a-post-about-topic-number-${i}`,
    updatedAt: 1.7e12 + i * 1000,
  };
  // A backing store of its own, as better-sqlite3 hands a BLOB over (not a slice of a pool).
  const body = Buffer.allocUnsafeSlow(BODY).fill(i % 251);
  const etag = `"${randomBytes(20).toString("base64url")}"`;
  const r = Representation.made(post, { body, etag }, "https://example.com");
  cache.put(true, r, cache.ticket());
}
const after = settled();
const per = (key: keyof NodeJS.MemoryUsage) => (after[key] - before[key]) / N;
const counted = cache.snapshot().bytes / N;
console.log(`${N} entries of ${BODY}-byte bodies, per entry:`);
console.log(`  V8 heap ${per("heapUsed").toFixed(0)} B, external ${per("external").toFixed(0)} B`);
console.log(`  RSS ${per("rss").toFixed(0)} B; counted by the cache ${counted.toFixed(0)} B`);
console.log(
  `  counted − (heap + external): ${(counted - per("heapUsed") - per("external")).toFixed(0)} B`,
);
