// The post cache keeps a post's bytes in its arena and gives each read a copy of its own.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { KeptPost } from "../../../src/http/wire/kept-post.js";
import { Representation } from "../../../src/http/wire/representation.js";
import { ByteArena } from "../../../src/posts/byte-arena.js";
import { PostCache } from "../../../src/posts/post-cache.js";

const made = (i: number, body = randomBytes(800), etag = `"etag-${i}"`) =>
  Representation.made(
    {
      ...{ id: `pst_${i}`, publicationId: "pub_1", publicationSlug: "p", slug: `s${i}` },
      updatedAt: 1_700_000_000_000 + i,
    },
    { body, etag },
    "https://site.test",
  );

function cache(bound: number) {
  const arena = new ByteArena(8192);
  return {
    arena,
    cache: new PostCache<Representation, KeptPost>(bound, {
      keep: (r) => new KeptPost(arena, r),
      held: () => arena.footprint,
    }),
  };
}

test("a hit is the post as it was put, headers and bytes, by id and by slug", () => {
  const { cache: c } = cache(1_000_000);
  const r = made(1);
  c.put(true, r, c.ticket());
  for (const lookup of [{ id: "pst_1" }, { publicationSlug: "p", postSlug: "s1" }]) {
    const hit = c.get(lookup, true, 0);
    assert.ok(hit instanceof Representation);
    assert.notEqual(hit, r, "a read gets a representation of its own");
    assert.deepEqual(hit.body, r.body);
    for (const key of ["etag", "lastModified", "link", "surrogateKey", "cacheTag"] as const) {
      assert.equal(hit[key], r[key], key);
    }
    assert.equal(hit.updatedAt, r.updatedAt);
    assert.deepEqual([hit.postId, hit.publicationSlug, hit.slug], ["pst_1", "p", "s1"]);
  }
});

test("a kept post's values come back whole, whatever characters they hold", () => {
  const { cache: c } = cache(1_000_000);
  const head = { id: "pst_ü", publicationId: "pub_ü", publicationSlug: "pübli-😀", slug: "ärger" };
  for (const [i, body] of [Buffer.alloc(0), Buffer.from("\n\n{}\n")].entries()) {
    const r = Representation.made(
      { ...head, slug: `${head.slug}-${i}`, updatedAt: 1_700_000_000_123 + i },
      { body, etag: `"a-b_c${i}"` },
      "https://site.test",
      "https://blög.example",
    );
    c.put(false, r, c.ticket());
    const hit = c.get({ publicationSlug: "pübli-😀", postSlug: `ärger-${i}` }, false, 0);
    assert.ok(hit instanceof Representation);
    assert.deepEqual(hit.body, body);
    for (const key of ["etag", "lastModified", "link", "surrogateKey", "cacheTag"] as const) {
      assert.equal(hit[key], r[key], key);
    }
    assert.deepEqual([hit.postId, hit.slug, hit.updatedAt], [r.postId, r.slug, r.updatedAt]);
  }
});

test("what a read was given stays as it was when its entry is evicted and its bytes taken", () => {
  const { arena, cache: c } = cache(20_000);
  const first = made(0);
  c.put(true, first, c.ticket());
  const hit = c.get({ id: "pst_0" }, true, 0)!;
  // Enough other posts to evict the first many times over and write over its place.
  for (let i = 1; i < 200; i++) c.put(true, made(i), c.ticket());
  assert.equal(c.get({ id: "pst_0" }, true, 0), undefined, "evicted");
  assert.deepEqual(hit.body, first.body);
  assert.ok(arena.footprint <= 20_000 + 2 * 8192, `the arena holds ${arena.footprint} bytes`);
  const last = c.get({ id: "pst_199" }, true, 0)!;
  assert.equal(last.etag, '"etag-199"');
});

test("a hit's compressed forms are its own too, and the entry's count includes them", async () => {
  const { arena, cache: c } = cache(40_000);
  const body = Buffer.from(JSON.stringify({ markdown: "a word ".repeat(110) }));
  c.put(true, made(0, body), c.ticket());
  const first = c.get({ id: "pst_0" }, true, 0)!;
  const gzip = await first.encode("gzip");
  const br = await first.encode("br");
  const counted = (n: number) => c.snapshot().bytes - n;
  const before = c.snapshot().bytes;
  c.amend(first, true, (kept) => kept.keepEncoded(first, "gzip", gzip));
  c.amend(first, true, (kept) => kept.keepEncoded(first, "br", br));
  assert.ok(counted(before) >= gzip.length + br.length, "the compressed runs are counted");
  const hit = c.get({ id: "pst_0" }, true, 0)!;
  const [hitGzip, hitBr] = [hit.cachedEncoding("gzip")!, hit.cachedEncoding("br")!];
  for (let i = 1; i < 300; i++) c.put(true, made(i), c.ticket());
  assert.equal(c.get({ id: "pst_0" }, true, 0), undefined, "evicted");
  assert.deepEqual(hitGzip, gzip);
  assert.deepEqual(hitBr, br);
  c.apply({ all: true, postIds: [] });
  assert.equal(arena.live, 0, "the compressed runs were given back with the body");
});

test("a representation put with its compressed form made is counted with it", async () => {
  const body = Buffer.from(JSON.stringify({ text: randomBytes(3000).toString("base64") }));
  const [plain, zipped] = [cache(1_000_000).cache, cache(1_000_000).cache];
  plain.put(false, made(1, body), plain.ticket());
  const withGzip = made(1, body);
  const gzip = await withGzip.encode("gzip");
  zipped.put(false, withGzip, zipped.ticket());
  const extra = zipped.snapshot().bytes - plain.snapshot().bytes;
  assert.ok(extra >= gzip.length, `${extra} bytes counted for ${gzip.length} of gzip`);
  assert.deepEqual(zipped.get({ id: "pst_1" }, false, 0)!.cachedEncoding("gzip"), gzip);
});

test("a compressed form made after a hit is kept with its entry, and only for the same bytes", async () => {
  const { cache: c } = cache(1_000_000);
  const body = Buffer.from(JSON.stringify({ markdown: "word ".repeat(500) }));
  c.put(false, made(1, body), c.ticket());
  const hit = c.get({ id: "pst_1" }, false, 0)!;
  const gzip = await hit.encode("gzip");
  let added = 0;
  c.amend(hit, false, (kept) => (added = kept.keepEncoded(hit, "gzip", gzip)));
  assert.ok(added >= gzip.length, `counted ${added} bytes for ${gzip.length}`);
  const again = c.get({ id: "pst_1" }, false, 0)!;
  assert.deepEqual(gunzipSync(again.cachedEncoding("gzip")!), body);
  // A representation of other bytes (the post written since) adds nothing to this entry.
  const other = made(1, Buffer.from("{}"), '"etag-of-other-bytes"');
  const kept = { value: 0 };
  c.amend(other, false, (k) => (kept.value = k.keepEncoded(other, "br", gzip)));
  assert.equal(kept.value, 0);
  assert.equal(c.get({ id: "pst_1" }, false, 0)!.cachedEncoding("br"), undefined);
});

test("a change notice for every post gives the arena back its bytes", () => {
  const { arena, cache: c } = cache(1_000_000);
  for (let i = 0; i < 50; i++) c.put(i % 2 === 0, made(i), c.ticket());
  assert.ok(arena.live >= 50 * 800);
  c.apply({ all: true, postIds: [] });
  assert.equal(arena.live, 0);
  assert.equal(c.get({ id: "pst_2" }, true, 0), undefined);
});
