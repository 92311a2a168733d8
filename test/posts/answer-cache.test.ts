import assert from "node:assert/strict";
import { test } from "node:test";
import { AnswerCache, depends } from "../../src/posts/answer-cache.js";

const answer = (name: string) => ({ name, bytes: 10 });
const listOf = (pub: string, ...posts: string[]) => [
  depends.publication(pub),
  depends.lists,
  ...posts.map(depends.post),
];

function filled() {
  const cache = new AnswerCache<ReturnType<typeof answer>>(10_000);
  const put = (key: string, deps: string[], until = Infinity) =>
    cache.put(key, answer(key), deps, until, cache.ticket());
  put("pub a", listOf("a", "p1", "p2"));
  put("pub b", listOf("b", "p3"));
  put("tag x", [depends.tag("x"), depends.lists, depends.post("p1")]);
  put("feed", [depends.feed, depends.lists, depends.post("p3")]);
  put("search", [depends.search]);
  put("publication a", [depends.publication("a")]);
  return cache;
}

const kept = (cache: AnswerCache<{ name: string; bytes: number }>) =>
  ["pub a", "pub b", "tag x", "feed", "search", "publication a"].filter(
    (key) => cache.get(key, 0) !== undefined,
  );

test("a notice drops the lists a post entered or left and those that show it", () => {
  const cache = filled();
  cache.apply({ all: false, postIds: ["p9"], publicationIds: ["b"], tags: [] });
  assert.deepEqual(kept(cache), ["pub a", "tag x", "publication a"]);
});

test("a re-render (no list named) drops only what shows the post, and searches", () => {
  const cache = filled();
  cache.apply({ all: false, postIds: ["p1"], publicationIds: [], tags: [] });
  assert.deepEqual(kept(cache), ["pub b", "feed", "publication a"]);
});

test("a notice that does not say which lists drops every list; 'all' drops everything", () => {
  const cache = filled();
  cache.apply({ all: false, postIds: ["p9"] });
  assert.deepEqual(kept(cache), ["publication a"]);
  cache.apply({ all: true, postIds: [] });
  assert.deepEqual(kept(cache), []);
});

test("an answer is kept until its time, and a read that straddles a change is not kept", () => {
  const cache = new AnswerCache<ReturnType<typeof answer>>(10_000);
  cache.put("k", answer("k"), [], 100, cache.ticket());
  assert.ok(cache.get("k", 99));
  assert.equal(cache.get("k", 100), undefined);
  const ticket = cache.ticket();
  cache.apply({ all: false, postIds: ["x"], publicationIds: [], tags: [] });
  cache.put("late", answer("late"), [], Infinity, ticket);
  assert.equal(cache.get("late", 0), undefined);
});

test("a cache of size 0 keeps nothing", () => {
  const cache = new AnswerCache<ReturnType<typeof answer>>(0);
  cache.put("k", answer("k"), [], Infinity, cache.ticket());
  assert.equal(cache.get("k", 0), undefined);
});
