// Hostile write bodies on every store: each is refused with a 400 naming its field and
// changes nothing, or is stored so that it reads back as it was accepted.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { MAX_JSON_DEPTH } from "../../src/content/index.js";
import { MAX_EPOCH_MS } from "../../src/posts/fields.js";
import { buildWithKeys } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";

/** A TipTap document whose text sits `depth` nodes down (the doc is the first). */
function deepDoc(depth: number, text: unknown = { type: "text", text: "x" }) {
  let node: unknown = { type: "paragraph", content: [text] };
  for (let i = 2; i < depth - 1; i++) node = { type: "blockquote", content: [node] };
  return { type: "doc", content: [node] };
}

/** A JSON text nested `levels` deep, written out (no recursive serializer involved). */
function nestedText(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
}

for (const factory of await storeFactories()) {
  describe(`hostile write bodies (${factory.name})`, () => {
    it("refuses deep nesting with a 400 naming the field, by POST and PUT, and writes nothing", async (t) => {
      const { app, key, store } = await buildWithKeys(t, factory);
      const raw = (method: "POST" | "PUT", url: string, payload: string, headers = {}) =>
        app.inject({
          method,
          url,
          payload,
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            ...headers,
          },
        });
      let tiptap = '{"type":"text","text":"x"}';
      for (let i = 0; i < 2000; i++) tiptap = `{"type":"blockquote","content":[${tiptap}]}`;
      const bodies = {
        json: `{"title":"t","json":{"type":"doc","content":[],"attrs":${nestedText(5000)}}}`,
        tiptap: `{"title":"t","json":{"type":"doc","content":[${tiptap}]}}`,
        authorIds: `{"title":"t","markdown":"x","authorIds":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      };
      const before = await store.countPosts();
      for (const [name, body] of Object.entries(bodies)) {
        const field = name === "authorIds" ? "authorIds" : "json";
        const answers = [
          await raw("POST", "/v1/posts", body),
          await raw("POST", "/v1/posts", body, { "idempotency-key": `deep-${name}` }),
          await raw("PUT", "/v1/posts/pst_bare", body),
        ];
        for (const answer of answers) {
          assert.equal(answer.statusCode, 400, `${name}: ${answer.body}`);
          assert.deepEqual(
            [answer.json().error, answer.json().msg],
            [
              "invalid_parameter",
              `${field}: must not be nested deeper than ${MAX_JSON_DEPTH} levels`,
            ],
          );
        }
      }
      assert.equal(await store.countPosts(), before);
      const bare = await app.inject("/v1/posts/pst_bare");
      assert.equal(bare.json<{ title: string }>().title, "Bare");
    });

    it("accepts the deepest document the content takes, marks and their attributes included", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const link = { type: "link", attrs: { href: "https://example.com/" } };
      const json = deepDoc(100, { type: "text", text: "deep", marks: [link] });
      const created = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "Deep", json },
      });
      assert.equal(created.statusCode, 200, created.body);
      const { id } = created.json<{ id: string }>();
      const read = await app.inject(`/v1/posts/${id}?includeContent=true`);
      assert.match(read.json<{ staticHtml: string }>().staticHtml, /<a [^>]*>deep<\/a>/);
      const deeper = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "Deeper", json: deepDoc(101) },
      });
      assert.equal(deeper.statusCode, 400);
      assert.match(deeper.json<{ msg: string }>().msg, /nesting deeper than 100 levels/);
    });

    it("bounds scheduledAt as every time is bounded: to the end of 9999", async (t) => {
      const { send, store } = await buildWithKeys(t, factory);
      const before = await store.countPosts();
      // 2 ** 53 is what JSON 9007199254740993 reads as.
      for (const scheduledAt of [1e300, 2 ** 53, MAX_EPOCH_MS + 1]) {
        const created = await send({
          method: "POST",
          url: "/v1/posts",
          body: { title: "Later", markdown: "x", scheduledAt },
        });
        assert.equal(created.statusCode, 400, created.body);
        assert.equal(
          created.json<{ msg: string }>().msg,
          `scheduledAt: must be at most ${MAX_EPOCH_MS}`,
        );
        const updated = await send({
          method: "PUT",
          url: "/v1/posts/pst_draft",
          body: { scheduledAt },
        });
        assert.equal(updated.statusCode, 400, updated.body);
        assert.match(updated.json<{ msg: string }>().msg, /^scheduledAt: .*before the end of 9999/);
      }
      assert.equal(await store.countPosts(), before);
      const last = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "Last", markdown: "x", scheduledAt: MAX_EPOCH_MS },
      });
      assert.deepEqual(last.json<{ status: string }>().status, "scheduled");
      const listed = (await send({ method: "GET", url: "/v1/posts?status=scheduled" })).json<{
        items: { id: string; publishedAt: string }[];
        pagination: { total: number };
      }>();
      const id = last.json<{ id: string }>().id;
      assert.deepEqual(
        listed.items.filter((item) => item.id === id).map((item) => item.publishedAt),
        [String(MAX_EPOCH_MS)],
      );
      assert.equal(listed.pagination.total, listed.items.length);
    });

    it("keeps a lone surrogate in text as one U+FFFD and refuses one in a slug", async (t) => {
      const { send, app, store } = await buildWithKeys(t, factory);
      const created = await send({
        method: "POST",
        url: "/v1/posts",
        body: {
          title: "a\ud800b",
          subtitle: "\udc00",
          postPreview: "p\ud800",
          categories: ["c\udbff"],
          markdown: "x \ud800 y",
          slug: "lone-ok",
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      const { id } = created.json<{ id: string }>();
      const read = async () =>
        (await app.inject(`/v1/posts/${id}?includeContent=true`)).json<Record<string, unknown>>();
      const post = await read();
      assert.deepEqual(
        [post.title, post.subtitle, post.categories, post.markdown],
        ["a\ufffdb", "\ufffd", ["c\ufffd"], "x \ufffd y"],
      );
      const renamed = await send({
        method: "PUT",
        url: `/v1/posts/${id}`,
        body: { title: "\udc00!" },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal((await read()).title, "\ufffd!");
      const before = await store.countPosts();
      const reason =
        "must be URL-friendly (no spaces, /, ?, #, %, \\, controls or lone surrogates)";
      for (const slug of ["lone\ud800x", "\ud800", "\udc00"]) {
        for (const [method, url] of [
          ["POST", "/v1/posts"],
          ["PUT", `/v1/posts/${id}`],
        ] as const) {
          const refused = await send({ method, url, body: { title: "t", markdown: "x", slug } });
          assert.equal(refused.statusCode, 400, refused.body);
          assert.equal(refused.json<{ msg: string }>().msg, `slug: ${reason}`);
        }
      }
      assert.equal(await store.countPosts(), before);
      assert.equal((await read()).slug, "lone-ok");
    });
  });
}
