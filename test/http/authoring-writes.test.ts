// The authoring API's writes on every store: the original's paths, bodies and
// answers; validation with the import's field rules; 413, 415; another publication's post
// is a 404; every write is served at once by the node that made it.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildWithKeys } from "../helpers/authoring.js";
import { NOW } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const MARKDOWN = "## Why\n\nA *small* bed is a bed you **finish**.\n";

for (const factory of await storeFactories()) {
  describe(`authoring writes (${factory.name})`, () => {
    it("creates a post from Markdown, derived as an import derives it, and serves it at once", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const created = await send({
        method: "POST",
        url: "/v1/posts",
        body: {
          title: "Small beds",
          markdown: MARKDOWN,
          subtitle: "Why",
          categories: "garden, beds",
        },
      });
      assert.equal(created.statusCode, 200);
      const { id, status } = created.json<{ id: string; status: string }>();
      assert.equal(status, "published");
      assert.equal(created.headers["cache-control"], "no-store");
      assert.equal(
        created.headers["surrogate-key"],
        `post-${id} pub-pub_1 tag-garden tag-beds feed search`,
      );
      const read = await app.inject(`/v1/posts/${id}?includeContent=true`);
      assert.equal(read.statusCode, 200);
      const post = read.json<Record<string, unknown>>();
      assert.equal(post.slug, "small-beds");
      assert.deepEqual(post.categories, ["garden", "beds"]);
      assert.equal(post.publishedAt, String(NOW));
      assert.equal(
        post.staticHtml,
        "<h2>Why</h2><p>A <em>small</em> bed is a bed you <strong>finish</strong>.</p>",
      );
      const plain = await app.inject(`/v1/posts/${id}`);
      assert.equal(created.headers.etag, plain.headers.etag, "the write's ETag is the read's");
    });

    it("accepts a TipTap document instead of Markdown, and authors of the publication", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const json = {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }],
      };
      const body = { title: "Doc", json, authorIds: ["usr_1"], slug: "doc" };
      const { id } = (await send({ method: "POST", url: "/v1/posts", body })).json<{
        id: string;
      }>();
      const post = (await app.inject(`/v1/posts/${id}?includeContent=true`)).json<
        Record<string, unknown>
      >();
      assert.deepEqual(post.authorIds, ["usr_1"]);
      assert.equal(post.markdown, "Hi");
    });

    it("makes missing slugs from titles, unique within the publication", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const slugs = [];
      for (const title of ["Café Ünïcode!", "Café Ünïcode!", "Hello"]) {
        const { id } = (
          await send({ method: "POST", url: "/v1/posts", body: { title, markdown: "x" } })
        ).json<{ id: string }>();
        slugs.push((await app.inject(`/v1/posts/${id}`)).json<{ slug: string }>().slug);
      }
      assert.deepEqual(slugs, ["cafe-unicode", "cafe-unicode-2", "hello"]);
    });

    it("refuses a taken slug with 409 and changes nothing", async (t) => {
      const { send, store } = await buildWithKeys(t, factory);
      const before = await store.countPosts();
      const taken = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "T", markdown: "x", slug: "hello-world" },
      });
      assert.equal(taken.statusCode, 409);
      assert.match(taken.json<{ msg: string }>().msg, /^slug: already used by post pst_1/);
      assert.equal(await store.countPosts(), before);
      const rename = await send({
        method: "PUT",
        url: "/v1/posts/pst_bare",
        body: { slug: "hello-world" },
      });
      assert.equal(rename.statusCode, 409);
    });

    it("names the field a bad body breaks, with the import's rules", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      const cases: [Record<string, unknown>, RegExp][] = [
        [
          { title: "x".repeat(201), markdown: "x" },
          /^title: must be 1 to 200 characters \(got 201\)$/,
        ],
        [
          { title: "T", markdown: "x", subtitle: "s".repeat(301) },
          /^subtitle: must be at most 300/,
        ],
        [
          { title: "T", markdown: "x", postPreview: "p".repeat(501) },
          /^postPreview: must be at most 500/,
        ],
        [{ title: "T", markdown: "x", slug: "a b" }, /^slug: must be URL-friendly/],
        [
          { title: "T", markdown: "x", imageUrl: "ftp://x" },
          /^imageUrl: must be an absolute http\(s\) URL/,
        ],
        [{ title: "T", markdown: "x", categories: ["a", "a"] }, /^categories\[1\]: repeats "a"/],
        [
          { title: "T", markdown: "x", authorIds: ["usr_nope"] },
          /^authorIds\[0\]: unknown author usr_nope/,
        ],
        [{ title: "T", markdown: "x", bogus: 1 }, /^bogus: is not a known field$/],
        [{ title: "T" }, /^markdown: is required/],
        [
          { title: "T", markdown: "x", json: { type: "doc" } },
          /^json: give json or markdown, not both/,
        ],
        [{ title: "T", json: { type: "nope" } }, /^json/],
        [{ markdown: "x" }, /^title: is required/],
        [{ title: "T", markdown: "x", sendNewsletter: "yes" }, /^sendNewsletter/],
      ];
      for (const [body, message] of cases) {
        const res = await send({ method: "POST", url: "/v1/posts", body });
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json<{ error: string }>().error, "invalid_parameter");
        assert.match(res.json<{ msg: string }>().msg, message);
      }
    });

    it("refuses authors of another publication", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory);
      const body = { title: "T", markdown: "x", authorIds: ["usr_1"] };
      const res = await send({ method: "POST", url: "/v1/posts", key: otherKey, body });
      assert.equal(res.statusCode, 400);
      assert.match(
        res.json<{ msg: string }>().msg,
        /^authorIds\[0\]: unknown author usr_1 in this publication/,
      );
    });

    it("answers 413 over MAX_BODY_BYTES, 415 for a body that is not JSON, 400 for broken JSON", async (t) => {
      const { send } = await buildWithKeys(t, factory, { MAX_BODY_BYTES: "2048" });
      const big = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "T", markdown: "x".repeat(4096) },
      });
      assert.equal(big.statusCode, 413);
      assert.equal(big.json<{ error: string }>().error, "payload_too_large");
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
        const res = await send({
          method: "POST",
          url: "/v1/posts",
          body: "title=T",
          headers: { "content-type": type },
        });
        assert.equal(res.statusCode, 415, type);
        assert.equal(res.json<{ error: string }>().error, "unsupported_media_type");
      }
      const broken = await send({
        method: "POST",
        url: "/v1/posts",
        headers: { "content-type": "application/json" },
      });
      assert.equal(broken.statusCode, 400);
    });

    it("updates only the fields given, and clears an optional text given empty", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const res = await send({
        method: "PUT",
        url: "/v1/posts/pst_1",
        body: { title: "Hello again", subtitle: "" },
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { success: true });
      const post = (await app.inject("/v1/posts/pst_1?includeContent=true")).json<
        Record<string, unknown>
      >();
      assert.equal(post.title, "Hello again");
      assert.equal(post.subtitle, undefined);
      assert.deepEqual(post.categories, ["essays", "news"]);
      assert.deepEqual(post.authorIds, ["usr_2", "usr_1"]);
      assert.match(String(post.staticHtml), /Hi &lt;there&gt;/);
      assert.equal(post.coinId, "coin_1");
      assert.equal(res.headers.etag, (await app.inject("/v1/posts/pst_1")).headers.etag);
      const bySlug = await send({
        method: "PUT",
        url: "/v1/posts/slug/hello-world",
        body: { markdown: "# New" },
      });
      assert.equal(bySlug.statusCode, 200);
      const after = (await app.inject("/v1/posts/pst_1?includeContent=true")).json<{
        staticHtml: string;
      }>();
      assert.equal(after.staticHtml, "<h1>New</h1>");
    });

    it("names every key a CDN holds the changed answers by: old and new tags, feed, search", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const lists = ["/v1/posts/tag/essays", "/v1/posts/tag/a%20b", "/v1/posts/feed"]
        .concat(["/v1/publications/pub_1/posts", "/v1/discover/search?q=hello", "/v1/posts/pst_1"])
        .map((url) => app.inject(url));
      const res = await send({
        method: "PUT",
        url: "/v1/posts/pst_1",
        body: { categories: "a b" },
      });
      assert.equal(res.statusCode, 200);
      const purged = String(res.headers["surrogate-key"]).split(" ");
      assert.equal(res.headers["cache-tag"], purged.join(","));
      for (const answer of await Promise.all(lists)) {
        assert.equal(answer.statusCode, 200);
        for (const key of String(answer.headers["surrogate-key"]).split(" ")) {
          assert.ok(purged.includes(key), `${key} of an answer the write changed is purged`);
        }
      }
    });

    it("deletes by id and by slug; the post is gone for readers at once", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      assert.equal((await app.inject("/v1/posts/pst_1")).statusCode, 200);
      const byId = await send({
        method: "DELETE",
        url: "/v1/posts/pst_1",
        headers: { "content-type": "application/json" },
        body: {},
      });
      assert.equal(byId.statusCode, 200);
      assert.deepEqual(byId.json(), { success: true });
      assert.equal(
        byId.headers["surrogate-key"],
        "post-pst_1 pub-pub_1 tag-essays tag-news feed search",
      );
      assert.equal((await app.inject("/v1/posts/pst_1")).statusCode, 404);
      assert.equal((await send({ method: "DELETE", url: "/v1/posts/slug/bare" })).statusCode, 200);
      assert.equal((await app.inject("/v1/posts/pst_bare")).statusCode, 404);
      assert.equal((await send({ method: "DELETE", url: "/v1/posts/pst_1" })).statusCode, 404);
    });

    it("treats another publication's post exactly like a missing one", async (t) => {
      const { send, otherKey, app } = await buildWithKeys(t, factory);
      const missing = await send({
        method: "PUT",
        url: "/v1/posts/pst_nope",
        body: { title: "x" },
      });
      for (const [method, url] of [
        ["PUT", "/v1/posts/pst_1"],
        ["PUT", "/v1/posts/slug/hello-world"],
        ["DELETE", "/v1/posts/pst_1"],
        ["DELETE", "/v1/posts/slug/hello-world"],
      ] as const) {
        const res = await send({ method, url, key: otherKey, body: { title: "x" } });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.deepEqual(
          { ...res.json<object>(), requestId: "" },
          { ...missing.json<object>(), requestId: "" },
        );
      }
      assert.equal((await app.inject("/v1/posts/pst_1")).json<{ title: string }>().title, "Hello");
    });
  });
}
