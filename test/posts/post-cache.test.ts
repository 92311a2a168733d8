import assert from "node:assert/strict";
import { test } from "node:test";
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
