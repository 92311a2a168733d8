// Contract section 1: the wire format of a Post, through both routes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { build } from "../helpers/app.js";
import { PAST } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const CONTENT = ["markdown", "json", "staticHtml"];

for (const factory of await storeFactories()) {
  describe(`wire format (${factory.name})`, () => {
    test("a post has every field of the interface, timestamps as millisecond strings", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject("/v1/posts/pst_1");
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      const post = res.json();
      assert.deepEqual(
        { ...post, authors: undefined },
        {
          id: "pst_1",
          title: "Hello",
          slug: "hello-world",
          subtitle: "A first post",
          imageUrl: "https://img.example.com/hello.png",
          publishedAt: String(PAST),
          updatedAt: String(PAST + 1000),
          coinId: "coin_1",
          categories: ["essays", "news"],
          authorIds: ["usr_2", "usr_1"],
          authors: undefined,
        },
      );
      assert.match(post.publishedAt, /^\d+$/);
    });

    test("authors come in the post's order, with social as `social`, nulls omitted", async (t) => {
      const { app } = await build(t, factory);
      const { authors, authorIds } = (await app.inject("/v1/posts/pst_1")).json();
      assert.deepEqual(authors, [
        { id: "usr_2", publicationId: "pub_1", name: "Ben" },
        {
          id: "usr_1",
          publicationId: "pub_1",
          name: "Ada",
          walletAddress: `0x${"ab".repeat(20)}`,
          avatarUrl: "https://img.example.com/ada.png",
          bio: "Writes.",
          social: { username: "ada", displayName: "Ada L", fid: 3 },
        },
      ]);
      assert.deepEqual(
        authorIds,
        authors.map((a: { id: string }) => a.id),
      );
    });

    test("optional scalars are omitted, never null; arrays are always present", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject("/v1/posts/pst_bare?includeContent=true");
      const post = res.json();
      for (const field of ["subtitle", "imageUrl", "coinId", "views"]) {
        assert.equal(field in post, false, `${field} must be omitted`);
      }
      assert.doesNotMatch(res.body, /null/);
      assert.deepEqual([post.categories, post.authors, post.authorIds], [[], [], []]);
      assert.deepEqual([post.markdown, post.json, post.staticHtml], ["", "", ""]);
    });

    test("content fields only with includeContent=true, and then all three", async (t) => {
      const { app } = await build(t, factory);
      for (const query of [
        "",
        "?includeContent=false",
        "?includeContent=null",
        "?includeContent=0",
        "?includeContent=",
      ]) {
        const post = (await app.inject(`/v1/posts/pst_1${query}`)).json();
        for (const field of CONTENT) assert.equal(field in post, false, `${field} with '${query}'`);
      }
      for (const query of ["?includeContent=true", "?includeContent=1", "?includeContent=TRUE"]) {
        const post = (await app.inject(`/v1/posts/pst_1${query}`)).json();
        for (const field of CONTENT)
          assert.equal(typeof post[field], "string", `${field} with '${query}'`);
        assert.deepEqual(JSON.parse(post.json).type, "doc");
        assert.match(post.staticHtml, /<p>Hi &lt;there&gt; &amp; all<\/p>/);
        assert.match(post.markdown, /Hi/);
      }
    });

    test("both routes answer the same post with the same body", async (t) => {
      const { app } = await build(t, factory);
      for (const q of ["", "?includeContent=true"]) {
        const byId = await app.inject(`/v1/posts/pst_1${q}`);
        const bySlug = await app.inject(`/v1/publications/slug/blog/posts/slug/hello-world${q}`);
        assert.equal(bySlug.statusCode, 200);
        assert.equal(bySlug.body, byId.body);
      }
    });

    test("views is never present", async (t) => {
      const { app } = await build(t, factory);
      for (const url of ["/v1/posts/pst_1", "/v1/posts/pst_1?includeContent=1"]) {
        assert.equal("views" in (await app.inject(url)).json(), false);
      }
    });
  });
}
