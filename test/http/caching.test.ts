// Contract section 4 and the performance issue: validators, 304s, caching headers, and a
// response cache that never serves what a write has changed.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { DEFAULT_CACHE_CONTROL } from "../../src/config/index.js";
import { importNdjson } from "../../src/import/run-import.js";
import { build } from "../helpers/app.js";
import { PAST, ndjson } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const URL1 = "/v1/posts/pst_1";
const republish = (over: object) => ({
  type: "post",
  id: "pst_1",
  publicationId: "pub_1",
  slug: "hello-world",
  title: "Hello",
  publishedAt: PAST,
  updatedAt: PAST + 1000,
  authorIds: ["usr_2", "usr_1"],
  ...over,
});
const longDoc = (text: string) => ({
  type: "doc",
  content: Array.from({ length: 40 }, () => ({
    type: "paragraph",
    content: [{ type: "text", text }],
  })),
});

for (const factory of await storeFactories()) {
  describe(`HTTP caching (${factory.name})`, () => {
    test("a post carries a strong ETag, Last-Modified, Cache-Control, Vary and surrogate keys", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject(URL1);
      assert.match(String(res.headers.etag), /^"[\w-]{20,}"$/);
      assert.equal(res.headers["last-modified"], new Date(PAST + 1000).toUTCString());
      assert.equal(res.headers["cache-control"], DEFAULT_CACHE_CONTROL);
      assert.equal(res.headers.vary, "Accept-Encoding");
      assert.equal(res.headers["surrogate-key"], "post-pst_1 pub-pub_1");
      assert.equal(res.headers["cache-tag"], "post-pst_1,pub-pub_1");
    });

    test("If-None-Match answers 304 without a body, weak or listed or *", async (t) => {
      const { app } = await build(t, factory);
      const { etag } = (await app.inject(URL1)).headers;
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const res = await app.inject({ url: URL1, headers: { "if-none-match": String(inm) } });
        assert.equal(res.statusCode, 304, String(inm));
        assert.equal(res.body, "");
        assert.equal(res.headers.etag, etag);
        assert.equal(res.headers["cache-control"], DEFAULT_CACHE_CONTROL);
        assert.equal(res.headers["access-control-allow-origin"], "*");
      }
      const other = await app.inject({ url: URL1, headers: { "if-none-match": '"stale"' } });
      assert.equal(other.statusCode, 200);
    });

    test("If-Modified-Since answers 304 unless the post changed after; If-None-Match wins", async (t) => {
      const { app } = await build(t, factory);
      const lastModified = String((await app.inject(URL1)).headers["last-modified"]);
      const before = new Date(PAST - 60_000).toUTCString();
      const ims = (value: string, extra = {}) =>
        app.inject({ url: URL1, headers: { "if-modified-since": value, ...extra } });
      assert.equal((await ims(lastModified)).statusCode, 304);
      assert.equal((await ims(before)).statusCode, 200);
      assert.equal((await ims("not a date")).statusCode, 200);
      assert.equal((await ims(lastModified, { "if-none-match": '"stale"' })).statusCode, 200);
    });

    test("the ETag differs with includeContent and changes when the post changes", async (t) => {
      const { app, store } = await build(t, factory);
      const plain = (await app.inject(URL1)).headers.etag;
      const full = (await app.inject(`${URL1}?includeContent=true`)).headers.etag;
      assert.notEqual(plain, full);
      await importNdjson(store, ndjson([republish({ title: "Hello again" })]));
      const after = await app.inject({ url: URL1, headers: { "if-none-match": String(plain) } });
      assert.equal(after.statusCode, 200, "the old tag no longer matches");
      assert.equal(after.json().title, "Hello again");
      assert.notEqual(after.headers.etag, plain);
      const bySlug = await app.inject("/v1/publications/slug/blog/posts/slug/hello-world");
      assert.equal(bySlug.json().title, "Hello again");
    });

    test("a cached miss is cleared by a publish; an unpublish drops the cached post", async (t) => {
      const { app, store } = await build(t, factory);
      assert.equal((await app.inject("/v1/posts/pst_draft")).statusCode, 404);
      assert.equal((await app.inject("/v1/posts/pst_draft")).statusCode, 404);
      const draft = { ...republish({}), id: "pst_draft", slug: "draft", title: "Now public" };
      await importNdjson(store, ndjson([draft]));
      assert.equal((await app.inject("/v1/posts/pst_draft")).json().title, "Now public");
      assert.equal((await app.inject(URL1)).statusCode, 200);
      await importNdjson(store, ndjson([republish({ status: "draft" })]));
      assert.equal((await app.inject(URL1)).statusCode, 404);
    });

    test("bodies over 1 KiB are sent gzip or br as accepted; small ones as they are", async (t) => {
      const { app, store } = await build(t, factory);
      await importNdjson(
        store,
        ndjson([republish({ json: longDoc("Compressible text. ".repeat(3)) })]),
      );
      const url = `${URL1}?includeContent=true`;
      const identity = await app.inject(url);
      assert.equal(identity.headers["content-encoding"], undefined);
      const decoders = { gzip: gunzipSync, br: brotliDecompressSync };
      for (const [accept, coding] of [
        ["gzip", "gzip"],
        ["gzip, deflate, br", "br"],
        ["br;q=0, gzip", "gzip"],
        ["*", "br"],
      ] as const) {
        const res = await app.inject({ url, headers: { "accept-encoding": accept } });
        assert.equal(res.headers["content-encoding"], coding, accept);
        assert.ok(res.rawPayload.length < identity.rawPayload.length);
        assert.deepEqual(decoders[coding](res.rawPayload), identity.rawPayload);
        assert.notEqual(
          res.headers.etag,
          identity.headers.etag,
          "each coding is its own representation",
        );
        const head = await app.inject({
          method: "HEAD",
          url,
          headers: { "accept-encoding": accept },
        });
        assert.equal(head.headers["content-encoding"], coding);
        assert.equal(head.body, "");
      }
      const small = await app.inject({ url: URL1, headers: { "accept-encoding": "gzip" } });
      assert.ok(small.rawPayload.length < 1024);
      assert.equal(small.headers["content-encoding"], undefined);
      assert.equal(
        (await app.inject({ url, headers: { "accept-encoding": "identity" } })).headers[
          "content-encoding"
        ],
        undefined,
      );
    });

    test("Cache-Control is configurable, and with the cache off every read is fresh", async (t) => {
      const { app, store } = await build(t, factory, {
        CACHE_CONTROL: "public, max-age=5",
        CACHE_MAX_BYTES: "0",
      });
      assert.equal((await app.inject(URL1)).headers["cache-control"], "public, max-age=5");
      await importNdjson(store, ndjson([republish({ title: "Fresh" })]));
      assert.equal((await app.inject(URL1)).json().title, "Fresh");
      assert.equal(app.postCache.snapshot().entries, 0);
    });

    test("the cache stays within its byte bound", async (t) => {
      const { app, store } = await build(t, factory, { CACHE_MAX_BYTES: "20000" });
      const posts = Array.from({ length: 30 }, (_, i) => ({
        ...republish({}),
        id: `big${i}`,
        slug: `big-${i}`,
        json: longDoc(`Post ${i}`),
      }));
      await importNdjson(store, ndjson(posts));
      for (const p of posts)
        assert.equal((await app.inject(`/v1/posts/${p.id}?includeContent=1`)).statusCode, 200);
      const stats = app.postCache.snapshot();
      assert.ok(stats.bytes <= 20000, `${stats.bytes} bytes`);
      assert.ok(stats.evictions > 0);
      assert.ok(stats.entries > 0 && stats.entries < 30);
    });
  });
}
