import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteLru } from "../../src/posts/byte-lru.js";
import { PostCache } from "../../src/posts/post-cache.js";

const rep = (postId: string, slug = "s", publicationSlug = "p") => ({
  postId,
  slug,
  publicationSlug,
  bytes: 10,
});

test("both routes resolve to the same entry", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(1000);
  const value = rep("id1", "hello", "blog");
  cache.put(false, value, cache.ticket());
  assert.equal(cache.get({ id: "id1" }, false, 0), value);
  assert.equal(cache.get({ publicationSlug: "blog", postSlug: "hello" }, false, 0), value);
  assert.equal(cache.get({ id: "id1" }, true, 0), undefined, "includeContent is another entry");
});

test("a renamed post is not served under its old slug", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(1000);
  cache.put(false, rep("id1", "old"), cache.ticket());
  cache.apply({ all: false, postIds: ["id1"] });
  cache.put(false, rep("id1", "new"), cache.ticket());
  assert.equal(cache.get({ publicationSlug: "p", postSlug: "old" }, false, 0), undefined);
  assert.equal(cache.get({ publicationSlug: "p", postSlug: "new" }, false, 0)?.slug, "new");
});

test("a store read that straddles a change is not cached", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(1000);
  const ticket = cache.ticket();
  cache.apply({ all: false, postIds: ["id1"] });
  cache.put(false, rep("id1"), ticket);
  cache.putMiss({ id: "id2" }, 1000, ticket);
  assert.equal(cache.get({ id: "id1" }, false, 0), undefined);
  assert.equal(cache.get({ id: "id2" }, false, 0), undefined);
});

test("misses are kept until they expire or any change arrives", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(1000);
  cache.putMiss({ id: "gone" }, 100, cache.ticket());
  assert.equal(cache.get({ id: "gone" }, false, 50), null);
  assert.equal(
    cache.get({ id: "gone" }, true, 50),
    null,
    "a miss is a miss with or without content",
  );
  assert.equal(cache.get({ id: "gone" }, false, 100), undefined, "expired");
  cache.putMiss({ id: "gone" }, 100, cache.ticket());
  cache.apply({ all: false, postIds: ["unrelated"] });
  assert.equal(cache.get({ id: "gone" }, false, 50), undefined, "any write may be its publish");
});

test("a change notice drops the posts it names; `all` drops everything", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(1000);
  for (const id of ["a", "b"])
    for (const c of [false, true]) cache.put(c, rep(id, id), cache.ticket());
  cache.apply({ all: false, postIds: ["a"] });
  assert.equal(cache.get({ id: "a" }, true, 0), undefined);
  assert.ok(cache.get({ id: "b" }, true, 0));
  cache.apply({ all: true, postIds: [] });
  assert.equal(cache.snapshot().entries, 0);
});

test("a zero-byte cache is off: nothing is stored, not even misses", () => {
  const cache = new PostCache<ReturnType<typeof rep>>(0);
  cache.put(false, rep("a"), cache.ticket());
  cache.putMiss({ id: "b" }, 1e15, cache.ticket());
  assert.equal(cache.get({ id: "a" }, false, 0), undefined);
  assert.equal(cache.get({ id: "b" }, false, 0), undefined);
});

test("a flood of missing ids does not push out the posts still read among it", () => {
  const kept = (windowShare: number) => {
    const cache = new PostCache<ReturnType<typeof rep>>(new ByteLru(4 * 1024 * 1024, windowShare));
    const ids = Array.from({ length: 600 }, (_, i) => `post${i}`);
    const read = (id: string) => {
      if (cache.get({ id }, true, 0) !== undefined) return;
      cache.put(true, { ...rep(id, `slug-${id}`), bytes: 5_000 }, cache.ticket());
    };
    for (let round = 0; round < 2; round++) ids.forEach(read);
    for (let i = 0; i < 30_000; i++) {
      const missing = { id: `missing${i}` };
      if (cache.get(missing, true, 0) === undefined) cache.putMiss(missing, 1e15, cache.ticket());
      if (i % 8 === 0) read(ids[(i / 8) % ids.length]!);
    }
    return ids.filter((id) => cache.get({ id }, true, 0) !== undefined).length;
  };
  const windowed = kept(0.01);
  const plain = kept(1);
  assert.ok(windowed >= 560, `${windowed} of 600 kept with a window`);
  assert.ok(plain < 450, `${plain} of 600 kept by a plain LRU`);
});
