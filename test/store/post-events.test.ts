// The classification of a write into an event, once for every backend: what
// receivers were last told of a post against the post as the write left it.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  announcedAfter,
  classify,
  type Announced,
  type PostState,
} from "../../src/store/post-events.js";

const NOW = 1_800_000_000_000;
const state = (fields: Partial<PostState> = {}): PostState => ({
  ...{ id: "p", publicationId: "pub", publicationSlug: "pub", slug: "s", title: "T" },
  ...{ status: "published", publishedAt: NOW - 1000, updatedAt: NOW - 500 },
  ...{
    categories: [],
    authorIds: [],
    content: { json: "{}", staticHtml: "<p>a</p>", markdown: "a" },
  },
  ...fields,
});
const told = (post: PostState): Announced => announcedAfter(post, NOW);

test("not visible → visible is published; a post never seen that stays hidden makes nothing", () => {
  assert.deepEqual(classify(undefined, state(), NOW), { type: "post.published" });
  assert.equal(classify(undefined, state({ status: "draft" }), NOW), undefined);
  assert.equal(classify(undefined, state({ publishedAt: NOW + 1 }), NOW), undefined);
  assert.equal(classify(undefined, undefined, NOW), undefined);
});

test("visible → visible is updated only when something a reader sees changed", () => {
  const before = told(state());
  assert.equal(classify(before, state(), NOW), undefined);
  assert.deepEqual(classify(before, state({ title: "New" }), NOW), { type: "post.updated" });
  assert.deepEqual(classify(before, state({ categories: ["x"] }), NOW), { type: "post.updated" });
  const html = { json: "{}", staticHtml: "<p>b</p>", markdown: "a" };
  assert.deepEqual(classify(before, state({ content: html }), NOW), { type: "post.updated" });
  const json = { json: "{ }", staticHtml: "<p>a</p>", markdown: "a" };
  assert.equal(classify(before, state({ content: json }), NOW), undefined, "same HTML: no event");
});

test("a changed slug is told as the previous slug", () => {
  const event = classify(told(state()), state({ slug: "renamed" }), NOW);
  assert.deepEqual(event, { type: "post.updated", previousSlug: "s" });
});

test("visible → hidden is unpublished, visible → gone is deleted; hidden → gone is nothing", () => {
  const before = told(state());
  assert.deepEqual(classify(before, state({ status: "archived" }), NOW), {
    type: "post.unpublished",
  });
  assert.deepEqual(classify(before, state({ publishedAt: NOW + 60_000 }), NOW), {
    type: "post.unpublished",
  });
  assert.deepEqual(classify(before, undefined, NOW), { type: "post.deleted" });
  const hidden = told(state({ status: "draft" }));
  assert.equal(hidden.visible, false);
  assert.equal(classify(hidden, undefined, NOW), undefined);
  assert.deepEqual(classify(hidden, state(), NOW), { type: "post.published" });
});

test("a row never hashed (made by the migration) counts any write as a change", () => {
  const seeded: Announced = { ...told(state()), metaHash: null, htmlHash: null };
  assert.deepEqual(classify(seeded, state(), NOW), { type: "post.updated" });
});
