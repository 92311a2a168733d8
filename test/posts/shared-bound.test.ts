// CACHE_MAX_BYTES is one bound for the process: the post cache and the answer cache share an
// LRU, and everything either keeps (posts, misses, the slug index, lists) is counted in it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AnswerCache } from "../../src/posts/answer-cache.js";
import { ByteLru, type SharedLru } from "../../src/posts/byte-lru.js";
import { PostCache } from "../../src/posts/post-cache.js";

const post = (postId: string, bytes = 1_000) => ({
  postId,
  slug: `slug-of-${postId}`,
  publicationSlug: "p",
  bytes,
});
const answer = (bytes: number) => ({ bytes });

function shared(maxBytes: number) {
  const lru: SharedLru = new ByteLru(maxBytes);
  const posts = new PostCache<ReturnType<typeof post>>(lru);
  const answers = new AnswerCache<ReturnType<typeof answer>>(lru);
  return { lru, posts, answers };
}

test("posts and answers together stay within one bound", () => {
  const { lru, posts, answers } = shared(20_000);
  for (let i = 0; i < 15; i++) posts.put(true, post(`a${i}`), posts.ticket());
  for (let i = 0; i < 15; i++) answers.put(`/list/${i}`, answer(1_000), [], 1e15, answers.ticket());
  assert.ok(lru.bytes <= 20_000, `${lru.bytes} bytes held`);
  assert.ok(lru.evictions > 0);
  assert.equal(posts.get({ id: "a0" }, true, 0), undefined, "the oldest post made room");
  assert.ok(answers.get("/list/14", 0), "the newest answer is kept");
  assert.equal(posts.snapshot().bytes, lru.bytes, "the cache's metrics show the whole bound");
});

test("each cache drops only its own entries on `all`", () => {
  const { posts, answers } = shared(100_000);
  posts.put(false, post("a"), posts.ticket());
  answers.put("/list", answer(100), ["feed"], 1e15, answers.ticket());
  posts.apply({ all: true, postIds: [] });
  assert.equal(posts.get({ id: "a" }, false, 0), undefined);
  assert.equal(answers.size, 1, "the answer outlives the post cache's clear");
  posts.put(false, post("a"), posts.ticket());
  answers.apply({ all: true, postIds: [] });
  assert.equal(answers.size, 0);
  assert.ok(posts.get({ id: "a" }, false, 0), "and the post the answer cache's clear");
});

test("the slug index is counted and evicted, not a map beside the bound", () => {
  const cache = new PostCache<ReturnType<typeof post>>(50_000);
  cache.put(false, post("first", 100), cache.ticket());
  assert.ok(cache.snapshot().bytes > 100, "the slug key costs bytes of its own");
  for (let i = 0; i < 10_000; i++) cache.put(false, post(`p${i}`, 100), cache.ticket());
  const { bytes, entries } = cache.snapshot();
  assert.ok(bytes <= 50_000, `${bytes} bytes held`);
  assert.ok(entries < 1_000, `${entries} entries for 10,001 posts`);
  const old = { publicationSlug: "p", postSlug: "slug-of-first" };
  assert.equal(cache.get(old, false, 0), undefined, "an evicted post's slug finds nothing");
  const recent = { publicationSlug: "p", postSlug: "slug-of-p9999" };
  assert.equal(cache.get(recent, false, 0)?.postId, "p9999");
});
