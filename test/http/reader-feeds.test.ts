// Reader feeds: RSS 2.0, Atom and JSON Feed 1.1 of a publication, read back by
// feed-reader libraries from npm (rss-parser, feedsmith), not by our own code.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import Parser from "rss-parser";
import { NO_SHEDDING, SITE_URL, build } from "../helpers/app.js";
import { PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const HOME = `${SITE_URL}/@blog`;
const TRICKY = "A & B <C> \u0001\uFFFE \u{1F331}";
const tricky = {
  type: "post",
  id: "pst_tricky",
  publicationId: "pub_1",
  slug: "tricky",
  title: TRICKY,
  publishedAt: PAST + 60_000,
  updatedAt: PAST + 120_000,
  categories: ["a, b", "<c>"],
  authorIds: ["usr_1"],
  markdown: 'Hello <script>alert(1)</script> [x](javascript:alert(1)) ]]> "quoted"',
};

const rssParser = new Parser();

for (const factory of await storeFactories()) {
  describe(`reader feeds (${factory.name})`, () => {
    test("RSS 2.0: absolute links, RFC 822 dates, sanitized HTML, visible posts newest first", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [tricky]);
      const res = await app.inject("/v1/publications/pub_1/feed/rss");
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "application/rss+xml; charset=utf-8");
      const feed = await rssParser.parseString(res.body);
      assert.equal(feed.title, "The Blog");
      assert.equal(feed.link, HOME);
      assert.deepEqual(
        feed.items.map((i) => i.link),
        [`${HOME}/tricky`, `${HOME}/bare`, `${HOME}/hello-world`],
      );
      const [first, , hello] = feed.items;
      assert.equal(first!.title, "A & B <C>  \u{1F331}");
      assert.equal(first!.pubDate, new Date(PAST + 60_000).toUTCString());
      assert.equal(first!.isoDate, new Date(PAST + 60_000).toISOString());
      assert.deepEqual(first!.categories, ["a, b", "<c>"]);
      const html = (first as Record<string, string>)["content:encoded"]!;
      assert.match(html, /Hello/);
      assert.doesNotMatch(html, /<script|javascript:/i);
      assert.equal(hello!.guid, `${HOME}/hello-world`);
      assert.equal(hello!.creator, "Ben");
      const strict = parseRssFeed(res.body);
      assert.equal(strict.items?.length, 3);
      assert.deepEqual(strict.items?.[2]?.dc?.creators, ["Ben", "Ada"]);
    });

    test("Atom: RFC 3339 dates, updated never before published, HTML content", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [tricky]);
      const res = await app.inject("/v1/publications/slug/@blog/feed/atom");
      assert.equal(res.headers["content-type"], "application/atom+xml; charset=utf-8");
      const feed = parseAtomFeed(res.body);
      assert.equal(feed.id, HOME);
      assert.equal(feed.updated, new Date(PAST + 120_000).toISOString());
      const entry = feed.entries![0]!;
      assert.equal(entry.links?.[0]?.href, `${HOME}/tricky`);
      assert.equal(entry.published, new Date(PAST + 60_000).toISOString());
      assert.equal(entry.updated, new Date(PAST + 120_000).toISOString());
      assert.equal(entry.content?.type, "html");
      assert.doesNotMatch(entry.content?.value ?? "", /<script/);
      // Edited while it was scheduled: its update time is earlier than its publication.
      await importLines(store, [{ ...tricky, id: "pst_early", slug: "early", updatedAt: PAST }]);
      const again = parseAtomFeed((await app.inject("/v1/publications/pub_1/feed/atom")).body);
      const early = again.entries!.find((e) => e.id === `${HOME}/early`)!;
      assert.equal(early.updated, early.published);
      const viaRssParser = await rssParser.parseString(res.body);
      assert.equal(viaRssParser.items[1]!.link, `${HOME}/bare`);
    });

    test("JSON Feed 1.1: version, items with content_html, dates and authors", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [tricky]);
      const res = await app.inject("/v1/publications/pub_1/feed/json");
      assert.equal(res.headers["content-type"], "application/feed+json; charset=utf-8");
      const feed = parseJsonFeed(res.json());
      assert.equal(feed.title, "The Blog");
      assert.equal(feed.home_page_url, HOME);
      const hello = feed.items!.find((i) => i.url === `${HOME}/hello-world`)!;
      assert.equal(hello.content_html, "<p>Hi &lt;there&gt; &amp; all</p>");
      assert.equal(hello.date_published, new Date(PAST).toISOString());
      assert.deepEqual(hello.tags, ["essays", "news"]);
      assert.deepEqual(
        hello.authors?.map((a) => a.name),
        ["Ben", "Ada"],
      );
      assert.equal(res.json().version, "https://jsonfeed.org/version/1.1");
    });

    test("ETag and 304; a write shows at once; unknown publication 404, bad format 400", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      const url = "/v1/publications/pub_1/feed/atom";
      const first = await app.inject(url);
      assert.equal(first.headers["surrogate-key"], "pub-pub_1");
      const etag = String(first.headers.etag);
      assert.equal((await app.inject({ url, headers: { "if-none-match": etag } })).statusCode, 304);
      await importLines(store, [tricky]);
      const after = await app.inject({ url, headers: { "if-none-match": etag } });
      assert.equal(after.statusCode, 200);
      assert.equal(parseAtomFeed(after.body).entries?.length, 3);
      assert.equal((await app.inject("/v1/publications/pub_9/feed/rss")).statusCode, 404);
      const bad = await app.inject("/v1/publications/pub_1/feed/xml");
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().msg, "format must be rss, atom or json");
    });
  });
}
