// Lists: a publication's posts, a category's, the feed, and the single read by
// publication id — shapes, limits, keyset cursors (tamper-evident), caching, go-lives.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { DEFAULT_CACHE_CONTROL } from "../../src/config/index.js";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { FUTURE, NOW, PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const many = (n: number, over: object = {}) =>
  Array.from({ length: n }, (_, i) => ({
    type: "post",
    id: `pst_many_${String(i).padStart(3, "0")}`,
    publicationId: "pub_2",
    slug: `many-${i}`,
    title: `Many ${i}`,
    publishedAt: PAST - 10_000 - i * 1000,
    categories: ["many"],
    ...over,
  }));

interface Page {
  items: { id: string; post?: { id: string } }[];
  pagination: { cursor?: string; hasMore: boolean; total?: number };
}

async function get(app: FastifyInstance, url: string) {
  const res = await app.inject(url);
  return { res, body: res.statusCode === 200 ? res.json<Page>() : undefined };
}

/** Every id of a list, page by page, following its cursors. */
async function walk(app: FastifyInstance, path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const { res, body } = await get(app, `${path}?${query}`);
    assert.equal(res.statusCode, 200, res.body);
    ids.push(...body!.items.map((i) => i.post?.id ?? i.id));
    assert.equal(body!.pagination.hasMore, body!.pagination.cursor !== undefined);
    assert.ok(body!.items.length <= limit);
    cursor = body!.pagination.cursor;
  } while (cursor !== undefined);
  return ids;
}

for (const factory of await storeFactories()) {
  describe(`lists (${factory.name})`, () => {
    test("a publication's visible posts, newest first, as { items, pagination }", async (t) => {
      const { app } = await build(t, factory, NO_SHEDDING);
      const { res, body } = await get(app, "/v1/publications/pub_1/posts");
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers["content-type"]), /^application\/json; charset=utf-8/);
      // Equal times: the greater id first. Drafts, archived and scheduled posts never show.
      assert.deepEqual(
        body!.items.map((i) => i.id),
        ["pst_bare", "pst_1"],
      );
      assert.deepEqual(body!.pagination, { hasMore: false });
      const first = body!.items[1] as unknown as Record<string, unknown>;
      assert.equal(first.markdown, undefined);
      assert.deepEqual(first.authorIds, ["usr_2", "usr_1"]);
      const full = await get(app, "/v1/publications/pub_1/posts?includeContent=true");
      const withContent = full.body!.items[1] as unknown as Record<string, string>;
      assert.match(withContent.staticHtml!, /Hi &lt;there&gt;/);
      assert.equal(typeof withContent.markdown, "string");
    });

    test("an unknown publication's list and feeds are the 404 of its single read", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      const single = await app.inject("/v1/publications/pub_none");
      assert.equal(single.statusCode, 404);
      const scoped = [
        "/v1/publications/pub_none/posts",
        "/v1/publications/pub_none/posts/?limit=5&includeContent=true",
        "/v1/publications/pub_none/feed/rss",
        "/v1/publications/pub_none/feed/json",
        "/v1/publications/slug/none/feed/atom",
        "/v1/publications/slug/@none/feed/rss",
      ];
      for (const url of scoped) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404, url);
        const withoutId = (r: typeof res) => ({ ...r.json<object>(), requestId: undefined });
        assert.deepEqual(withoutId(res), withoutId(single), url);
        for (const name of ["cache-control", "etag", "surrogate-key", "cache-tag", "vary"]) {
          assert.equal(res.headers[name], single.headers[name], `${url}: ${name}`);
        }
      }
      // A publication with no visible post is there: its list is an empty page.
      await importLines(store, [{ type: "publication", id: "pub_empty", slug: "e", name: "E" }]);
      const empty = await get(app, "/v1/publications/pub_empty/posts");
      assert.equal(empty.res.statusCode, 200);
      assert.deepEqual(empty.body, { items: [], pagination: { hasMore: false } });
      // A category is no stored thing: a name no post carries has an empty list.
      const tag = await get(app, "/v1/posts/tag/no-such-tag");
      assert.deepEqual(tag.body, { items: [], pagination: { hasMore: false } });
    });

    test("the publication check reads nothing more once the publication is known", async (t) => {
      const env = { ...NO_SHEDDING, METRICS_ON_API_PORT: "true" };
      const { app } = await build(t, factory, env);
      const series = 'folio_store_query_duration_seconds_count{operation="findPublication"}';
      const lookups = async () => {
        const text = (await app.inject("/metrics")).body;
        const line = text.split("\n").find((l) => l.startsWith(`${series} `));
        return Number(line?.slice(series.length + 1) ?? 0);
      };
      assert.equal((await app.inject("/v1/publications/pub_1/posts")).statusCode, 200);
      assert.equal(await lookups(), 1, "the first page of a publication asks once");
      for (const url of ["/v1/publications/pub_1/posts?limit=1", "/v1/publications/pub_1/posts"]) {
        assert.equal((await app.inject(url)).statusCode, 200);
      }
      assert.equal(await lookups(), 1, "later pages, made or cached, use the remembered one");
    });

    test("limits as the original's client declares them: 10 of at most 100, feed 20 of 60", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, many(120));
      const count = async (url: string) => (await get(app, url)).body!.items.length;
      assert.equal(await count("/v1/publications/pub_2/posts"), 10);
      assert.equal(await count("/v1/publications/pub_2/posts?limit=100"), 100);
      assert.equal(await count("/v1/posts/tag/many?limit=7"), 7);
      assert.equal(await count("/v1/posts/feed"), 20);
      assert.equal(await count("/v1/posts/feed?limit=60"), 60);
      for (const url of [
        "/v1/publications/pub_2/posts?limit=101",
        "/v1/publications/pub_2/posts?limit=0",
        "/v1/posts/tag/many?limit=ten",
        "/v1/posts/feed?limit=61",
        "/v1/posts/feed?limit=1&limit=2",
      ]) {
        const { res } = await get(app, url);
        assert.equal(res.statusCode, 400, url);
        assert.match(res.json<{ msg: string }>().msg, /^limit /, url);
      }
    });

    test("cursors walk a list whole, once each, in order; the last page has none", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, many(45));
      const all = await walk(app, "/v1/publications/pub_2/posts", 100);
      assert.equal(all.length, 47);
      for (const limit of [1, 7, 10]) {
        assert.deepEqual(await walk(app, "/v1/publications/pub_2/posts", limit), all);
      }
      assert.deepEqual(await walk(app, "/v1/posts/tag/many", 8), all.slice(2));
      const feed = await walk(app, "/v1/posts/feed", 9);
      assert.equal(new Set(feed).size, feed.length);
      assert.equal(feed.length, 49);
    });

    test("a cursor edited, truncated, forged or from another list is a 400 naming cursor", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, many(5));
      const { body } = await get(app, "/v1/publications/pub_2/posts?limit=2");
      const cursor = body!.pagination.cursor!;
      const [payload, mac] = cursor.split(".") as [string, string];
      const forged = Buffer.from(JSON.stringify([PAST, "pst_many_000"])).toString("base64url");
      const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
      const bad = [
        `${flip(payload)}.${mac}`,
        `${payload}.${flip(mac)}`,
        `${forged}.${mac}`,
        cursor.slice(0, -3),
        `${cursor}.x`,
        "not a cursor",
        "%00",
        "a".repeat(1025),
      ];
      for (const value of bad) {
        const { res } = await get(
          app,
          `/v1/publications/pub_2/posts?cursor=${encodeURIComponent(value)}`,
        );
        assert.equal(res.statusCode, 400, value);
        assert.match(res.json<{ msg: string }>().msg, /^cursor /, value);
      }
      for (const other of [
        "/v1/publications/pub_1/posts",
        "/v1/posts/tag/many",
        "/v1/posts/feed",
      ]) {
        const { res } = await get(app, `${other}?cursor=${encodeURIComponent(cursor)}`);
        assert.equal(res.statusCode, 400, other);
      }
      const next = await get(app, `/v1/publications/pub_2/posts?limit=2&cursor=${cursor}`);
      assert.equal(next.res.statusCode, 200);
    });

    test("the feed's items carry their post, publication and the publication's owner", async (t) => {
      const { app } = await build(t, factory, NO_SHEDDING);
      const { body } = await get(app, "/v1/posts/feed");
      const items = body!.items as unknown as {
        post: { id: string };
        publication: { id: string; ownerUserId: string };
        user: { id: string; publicationId: string; name?: string };
      }[];
      const hello = items.find((i) => i.post.id === "pst_1")!;
      assert.deepEqual(hello.publication, {
        id: "pub_1",
        name: "The Blog",
        ownerUserId: "usr_1",
        slug: "blog",
      });
      assert.equal(hello.user.id, "usr_1");
      assert.equal(hello.user.name, "Ada");
      const other = items.find((i) => i.post.id === "pst_unicode")!;
      assert.deepEqual(other.user, { id: "", publicationId: "pub_2" });
    });

    test("a post by publication id and post slug: the same answer as by slugs", async (t) => {
      const { app } = await build(t, factory, NO_SHEDDING);
      const byId = await app.inject(
        "/v1/publications/pub_1/posts/slug/hello-world?includeContent=1",
      );
      const bySlugs = await app.inject(
        "/v1/publications/slug/blog/posts/slug/hello-world?includeContent=1",
      );
      assert.equal(byId.statusCode, 200);
      assert.equal(byId.body, bySlugs.body);
      assert.equal(byId.headers.etag, bySlugs.headers.etag);
      assert.equal(byId.headers.link, bySlugs.headers.link);
      for (const url of [
        "/v1/publications/pub_1/posts/slug/draft",
        "/v1/publications/pub_9/posts/slug/x",
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json<{ msg: string }>().msg, "Post not found");
      }
    });

    test("lists carry ETag, Cache-Control and their surrogate key; If-None-Match is a 304", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [{ ...many(1)[0], categories: ["two words, one comma"] }]);
      const cases: [string, string][] = [
        ["/v1/publications/pub_1/posts", "pub-pub_1"],
        ["/v1/posts/tag/two%20words%2C%20one%20comma", "tag-two%20words%2C%20one%20comma"],
        ["/v1/posts/feed", "feed"],
      ];
      for (const [url, key] of cases) {
        const { res } = await get(app, url);
        assert.equal(res.headers["surrogate-key"], key, url);
        assert.equal(res.headers["cache-tag"], key, url);
        assert.equal(res.headers["cache-control"], DEFAULT_CACHE_CONTROL);
        assert.equal(res.headers.vary, "Accept-Encoding");
        assert.equal(res.headers["last-modified"], undefined, "a list has no update time");
        const etag = String(res.headers.etag);
        assert.match(etag, /^"[\w-]{20,}"$/);
        const again = await app.inject({ url, headers: { "if-none-match": etag } });
        assert.equal(again.statusCode, 304);
        assert.equal(again.body, "");
      }
    });

    test("a write drops the cached lists it touches at once, and only those", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      const before = await get(app, "/v1/publications/pub_1/posts");
      const other = await get(app, "/v1/publications/pub_2/posts");
      // What the cache holds is asserted on SQLite only: a PostgreSQL node may hear a
      // legitimate "everything changed" at any moment (its notice connection reconnecting).
      const exact = factory.name === "sqlite";
      if (exact) assert.equal(app.answerCache.size, 2);
      await importLines(store, [{ ...many(1)[0], publicationId: "pub_1", publishedAt: PAST + 1 }]);
      if (exact) assert.equal(app.answerCache.size, 1, "pub_2's list is kept");
      const after = await get(app, "/v1/publications/pub_1/posts");
      assert.equal(after.body!.items[0]!.id, "pst_many_000");
      assert.notEqual(after.res.headers.etag, before.res.headers.etag);
      const untouched = await app.inject("/v1/publications/pub_2/posts");
      assert.equal(untouched.headers.etag, other.res.headers.etag);
      assert.equal(untouched.body, JSON.stringify(other.body));
      // Withdrawn: it leaves the list and the tag at once.
      await importLines(store, [{ ...many(1)[0], publicationId: "pub_1", status: "draft" }]);
      const withdrawn = await get(app, "/v1/publications/pub_1/posts");
      assert.deepEqual(withdrawn.body, before.body);
    });

    test("a scheduled post enters every list exactly when it goes live, cache on", async (t) => {
      let now = NOW;
      const { app, store } = await build(t, factory, NO_SHEDDING, undefined, () => now);
      const at = NOW + 60_000;
      await importLines(store, [
        { ...many(1)[0], publicationId: "pub_1", publishedAt: at, categories: ["news"] },
      ]);
      const urls = ["/v1/publications/pub_1/posts", "/v1/posts/tag/news", "/v1/posts/feed"];
      const first = async (url: string) => {
        const body = (await get(app, url)).body!;
        return body.items[0]!.post?.id ?? body.items[0]!.id;
      };
      // Asked twice before: the second answer comes from the cache.
      for (const url of urls) assert.notEqual(await first(url), "pst_many_000");
      now = at - 1;
      for (const url of urls) assert.notEqual(await first(url), "pst_many_000");
      now = at;
      for (const url of urls) assert.equal(await first(url), "pst_many_000", url);
    });

    test("posts scheduled far ahead stay out of every page", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, many(3, { publishedAt: FUTURE }));
      assert.deepEqual(await walk(app, "/v1/posts/tag/many", 2), []);
    });
  });
}
