// The reader's site as readers and crawlers see it, on every store: each page type with its
// head (title, description, canonical, OpenGraph, Twitter, JSON-LD, feeds), hidden and
// missing alike, redirects, custom domains, caching and its invalidation, views.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { importNdjson } from "../../src/import/run-import.js";
import { ndjson } from "../helpers/fixtures.js";
import { makeKey } from "../helpers/authoring.js";
import { exchange, responses } from "../helpers/raw-http.js";
import { DOMAIN, LATER, PAGES, SITE_NOW, SITE_URL, buildSite } from "../helpers/site.js";
import { dropBodies } from "../helpers/stored-bytes.js";
import { storeFactories } from "../helpers/stores.js";
import { one, readPage } from "./read-page.js";

const html = (host?: string) => ({ accept: "text/html", ...(host && { host }) });

for (const factory of await storeFactories()) {
  describe(`reader site pages (${factory.name})`, () => {
    it("a post page: its parts, head, JSON-LD and security headers", async (t) => {
      const { app } = await buildSite(t, factory);
      const res = await app.inject(PAGES.post.url);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
      const csp = String(res.headers["content-security-policy"]);
      assert.match(csp, /default-src 'none'/);
      assert.doesNotMatch(csp, /script-src/, "no script may run");
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers["x-content-type-options"], "nosniff");
      assert.ok(res.headers["referrer-policy"]);
      const page = readPage(res.body);
      const url = `${SITE_URL}/@field-notes/keeping-a-changelog`;
      assert.equal(page.lang, "en");
      assert.equal(page.title, "Keeping a changelog people read · Field Notes");
      assert.deepEqual(page.links.get("canonical"), [url]);
      assert.equal(one(page, "og:type"), "article");
      assert.equal(one(page, "og:url"), url);
      assert.equal(one(page, "og:title"), "Keeping a changelog people read");
      assert.equal(one(page, "og:site_name"), "Field Notes");
      assert.match(one(page, "description"), /A changelog is a letter to your future users/);
      assert.equal(one(page, "og:description"), one(page, "description"));
      assert.equal(one(page, "article:published_time"), "2024-11-24T00:00:00.000Z");
      assert.ok(one(page, "article:modified_time") >= one(page, "article:published_time"));
      assert.deepEqual(page.meta.get("article:tag"), ["writing", "software"]);
      assert.equal(page.meta.get("article:author")?.length, 2);
      assert.equal(one(page, "twitter:card"), "summary", "no image: the small card");
      assert.deepEqual(
        page.alternates.map((a) => a.type),
        ["application/rss+xml", "application/atom+xml", "application/feed+json"],
      );
      for (const { href } of page.alternates) {
        const feed = await app.inject(href.slice(SITE_URL.length));
        assert.equal(feed.statusCode, 200, href);
      }
      const [ld] = page.jsonLd as Record<string, unknown>[];
      assert.equal(ld!["@type"], "BlogPosting");
      assert.equal(ld!.headline, "Keeping a changelog people read");
      assert.equal(ld!.datePublished, "2024-11-24T00:00:00.000Z");
      assert.ok(!Number.isNaN(Date.parse(String(ld!.dateModified))));
      const authors = ld!.author as { "@type": string; name: string; url: string }[];
      assert.deepEqual(
        authors.map((a) => [a["@type"], a.name]),
        [
          ["Person", "Ben Moreau"],
          ["Person", "Ada Okafor"],
        ],
      );
      assert.ok(authors.every((a) => a.url.startsWith(`${SITE_URL}/@field-notes/author/`)));
      assert.equal((ld!.publisher as { "@type": string })["@type"], "Organization");
      // Body, dates, reading time, categories, authors, neighbours.
      assert.match(res.body, /<time datetime="2024-11-24T00:00:00.000Z">24 November 2024<\/time>/);
      assert.match(res.body, /1 min read/);
      assert.match(res.body, /<span class="hljs-section">## 1.4.0<\/span>/, "code highlighted");
      assert.match(res.body, /<ul data-type="taskList">/);
      const hrefs = page.anchors.map((a) => a.href);
      assert.ok(hrefs.includes(`${SITE_URL}/@field-notes/tag/software`));
      assert.ok(hrefs.includes(`${SITE_URL}/@field-notes/author/usr_ada`));
      const rels = page.anchors.filter((a) => a.rel !== undefined).map((a) => [a.rel, a.href]);
      assert.deepEqual(rels, [
        ["next", `${SITE_URL}/@field-notes/tables-in-posts`],
        ["prev", `${SITE_URL}/@field-notes/small-gardens`],
      ]);
      assert.deepEqual(page.scripts, ["application/ld+json"], "no script but data");
    });

    it("a cover image: the large card, its size class and fetchpriority", async (t) => {
      const { app } = await buildSite(t, factory);
      const page = readPage((await app.inject(PAGES.postWithCover.url)).body);
      assert.equal(one(page, "twitter:card"), "summary_large_image");
      assert.equal(one(page, "og:image"), "https://images.example.com/night/owl.jpg");
      const cover = page.elements.find((e) => e.attributes.fetchpriority === "high");
      assert.equal(cover?.attributes.src, "https://images.example.com/night/owl.jpg");
      const [ld] = page.jsonLd as { image: string[] }[];
      assert.deepEqual(ld!.image, ["https://images.example.com/night/owl.jpg"]);
    });

    it("home, tag, author, front and search pages, each with its head", async (t) => {
      const { app } = await buildSite(t, factory);
      const home = readPage((await app.inject(PAGES.publication.url)).body);
      assert.equal(home.title, "Field Notes");
      assert.deepEqual(home.links.get("canonical"), [`${SITE_URL}/@field-notes`]);
      assert.equal((home.jsonLd[0] as { "@type": string })["@type"], "WebSite");
      assert.equal(home.alternates.length, 3);
      const posts = home.anchors.filter((a) => /\/@field-notes\/[^/]+$/.test(a.href));
      assert.ok(posts.length >= 4, "the publication's posts are listed");
      assert.ok(!home.anchors.some((a) => a.href.endsWith("/unfinished-thoughts")), "no draft");

      const tag = await app.inject(PAGES.tag.url);
      assert.equal(tag.statusCode, 200);
      const tagPage = readPage(tag.body);
      const tagged = tagPage.anchors
        .map((a) => a.href)
        .filter((h) => /@field-notes\/[^/]+$/.test(h));
      assert.deepEqual(
        new Set(tagged),
        new Set([
          `${SITE_URL}/@field-notes/keeping-a-changelog`,
          `${SITE_URL}/@field-notes/tables-in-posts`,
        ]),
      );
      assert.equal(
        (await app.inject("/@the-ledger/tag/software")).statusCode,
        404,
        "a tag page is one publication's",
      );

      const author = readPage((await app.inject(PAGES.author.url)).body);
      assert.equal(author.title, "Ada Okafor · Field Notes");
      assert.equal(
        one(author, "description"),
        "Writes about the tools people make for themselves.",
      );
      assert.ok(author.anchors.some((a) => a.href.endsWith("/@field-notes/hello-folio")));
      assert.equal((await app.inject("/@the-ledger/author/usr_ada")).statusCode, 404);

      const front = readPage((await app.inject(PAGES.front.url)).body);
      assert.equal((front.jsonLd[0] as { "@type": string })["@type"], "WebSite");
      for (const p of ["field-notes", "the-ledger", "night-shift", "many"]) {
        assert.ok(
          front.anchors.some((a) => a.href === `${SITE_URL}/@${p}`),
          p,
        );
      }
      assert.ok(front.anchors.some((a) => a.href === `https://${DOMAIN}/`));

      const search = readPage((await app.inject(PAGES.search.url)).body);
      assert.equal(one(search, "robots"), "noindex");
      assert.ok(search.anchors.some((a) => a.href === `${SITE_URL}/@field-notes/small-gardens`));
      // A query is shown as it was typed, not as another reader's cached one.
      const upper = readPage((await app.inject("/search?q=GARDEN")).body);
      assert.ok(upper.elements.some((e) => e.tag === "input" && e.attributes.value === "GARDEN"));
    });

    it("list pages are made from stored bodies, and alike from records without them", async (t) => {
      const env = { CACHE_MAX_BYTES: "0" };
      const { app, url } = await buildSite(t, factory, { env });
      const lists = [PAGES.front, PAGES.publication, PAGES.tag, PAGES.author].map((p) => p.url);
      const fromBodies = await Promise.all(lists.map((u) => app.inject(u)));
      for (const [i, res] of fromBodies.entries()) {
        assert.equal(res.statusCode, 200, lists[i]);
        assert.ok(readPage(res.body).links.get("canonical"), lists[i]);
      }
      await dropBodies(factory, url);
      for (const [i, u] of lists.entries()) {
        const fromRecords = await app.inject(u);
        assert.equal(fromRecords.statusCode, 200, u);
        assert.equal(fromRecords.body, fromBodies[i]!.body, u);
      }
    });

    it("a publication pages by keyset: rel next/prev, no post twice or missed", async (t) => {
      const { app, store } = await buildSite(t, factory);
      const seen: string[] = [];
      let url: string | undefined = "/@many";
      let res: Awaited<ReturnType<typeof app.inject>>;
      let pages = 0;
      while (url !== undefined) {
        res = await app.inject(url);
        assert.equal(res.statusCode, 200, url);
        const page = readPage(res.body);
        seen.push(...page.anchors.map((a) => a.href).filter((h) => /\/@many\/post-\d+$/.test(h)));
        const next = page.links.get("next")?.[0];
        if (pages > 0) {
          const prev = page.links.get("prev")?.[0];
          assert.ok(prev !== undefined, "a later page links back");
          assert.equal((await app.inject(prev.slice(SITE_URL.length))).statusCode, 200);
        }
        // A post published meanwhile must not shift the pages.
        if (pages === 0) {
          await importNdjson(
            store,
            ndjson([
              {
                ...{ type: "post", id: "pst_m_new", publicationId: "pub_many", slug: "post-new" },
                ...{ title: "New", status: "published", publishedAt: SITE_NOW - 1000 },
                ...{ authorIds: ["usr_m"], markdown: "New." },
              },
            ]),
          );
        }
        url = next?.slice(SITE_URL.length);
        pages++;
      }
      assert.equal(pages, 3);
      assert.equal(seen.length, 27);
      assert.equal(new Set(seen).size, 27);
    });

    it("hidden and missing posts get the same 404 page, byte for byte", async (t) => {
      const { app } = await buildSite(t, factory);
      const bodies = new Set<string>();
      for (const url of [
        "/@field-notes/unfinished-thoughts", // draft
        "/@the-ledger/next-quarter", // scheduled
        "/@night-shift/old-timetable", // archived
        "/@field-notes/no-such-post",
        "/@no-such-pub/hello-folio",
        "/@no-such-pub",
        "/@field-notes/author/usr_nobody",
        "/@field-notes/tag/no-such-tag",
      ]) {
        const res = await app.inject({ url, headers: html() });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
        assert.equal(res.headers["cache-control"], "no-store");
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1);
      assert.match([...bodies][0]!, /Page not found/);
      assert.doesNotMatch([...bodies][0]!, /unfinished|next-quarter|timetable/);
    });

    it("path parameters with NUL, controls, spaces or dot segments are the 404 page", async (t) => {
      const { app } = await buildSite(t, factory);
      for (const url of [
        "/@field-notes/a%00b",
        "/@fie%00ld/x",
        "/@field-notes/%01%1f",
        "/@field-notes/a%20b",
        "/@%2e%2e/x",
        "/@field-notes/tag/%00",
        "/@field-notes/author/%0a",
        `/@field-notes/${"x".repeat(300)}`,
        "/@field-notes?cursor=not-a-cursor",
        "/@field-notes?cursor=a&cursor=b",
        "/sitemaps/%00.xml",
      ]) {
        const res = await app.inject({ url, headers: html() });
        assert.equal(res.statusCode, 404, url);
        assert.match(res.body, /Page not found/, url);
      }
      for (const url of ["/%00", "/tag/%00", "/a%20b"]) {
        const res = await app.inject({ url, headers: html(DOMAIN) });
        assert.equal(res.statusCode, 404, url);
      }
      // Dot segments as a client sends them unresolved (inject resolves them first).
      await app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = app.server.address() as { port: number };
      for (const [target, host] of [
        ["/@field-notes/..", "folio.example.com"],
        ["/@field-notes/%2e%2e", "folio.example.com"],
        ["/@../..", "folio.example.com"],
        ["/@field-notes/tag/..", "folio.example.com"],
        ["/..", DOMAIN],
        ["/%2E%2E", DOMAIN],
      ]) {
        const request = `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`;
        const [res] = responses((await exchange(port, [request])).data);
        assert.equal(res?.status, 404, target);
        assert.match(res!.body, /Page not found/, target);
      }
    });

    it("pages are cached and validated; a write drops exactly the pages it touches", async (t) => {
      const { app, store } = await buildSite(t, factory);
      const first = await app.inject(PAGES.post.url);
      const etag = String(first.headers.etag);
      assert.match(String(first.headers["cache-control"]), /stale-while-revalidate=/);
      assert.match(String(first.headers["surrogate-key"]), /post-pst_changelog/);
      const again = await app.inject({ url: PAGES.post.url, headers: { "if-none-match": etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, "");
      const gzip = await app.inject({
        url: PAGES.post.url,
        headers: { "accept-encoding": "gzip" },
      });
      assert.equal(gzip.headers["content-encoding"], "gzip");
      // A read fills the cache (once the start's own change notices have passed).
      await waitFor(async () => {
        await app.inject(PAGES.post.url);
        return app.pageCache.size > 0;
      });
      const otherEtag = String((await app.inject(PAGES.publication.url)).headers.etag);
      await importNdjson(
        store,
        ndjson([
          {
            ...{ type: "post", id: "pst_changelog", publicationId: "pub_field" },
            ...{ slug: "keeping-a-changelog", title: "A changelog, rewritten" },
            ...{ status: "published", publishedAt: "1732406400000", authorIds: ["usr_ben"] },
            markdown: "New words.",
          },
        ]),
      );
      await waitFor(async () => (await app.inject(PAGES.post.url)).headers.etag !== etag);
      const changed = await app.inject({ url: PAGES.post.url, headers: { "if-none-match": etag } });
      assert.equal(changed.statusCode, 200);
      assert.match(changed.body, /A changelog, rewritten/);
      const home = await app.inject(PAGES.publication.url);
      assert.notEqual(home.headers.etag, otherEtag, "the list showing its title changed too");
    });

    it("a scheduled post appears at its time, with no write", async (t) => {
      const { app, clock } = await buildSite(t, factory);
      const url = "/later-entry";
      assert.equal((await app.inject({ url, headers: html(DOMAIN) })).statusCode, 404);
      const home = await app.inject({ url: "/", headers: { host: DOMAIN } });
      assert.doesNotMatch(home.body, /later-entry/);
      clock.now = LATER;
      await waitFor(
        async () => (await app.inject({ url, headers: html(DOMAIN) })).statusCode === 200,
      );
      assert.match((await app.inject({ url: "/", headers: { host: DOMAIN } })).body, /later-entry/);
    });

    it("a custom domain serves its publication at the root; the main site redirects there", async (t) => {
      const { app } = await buildSite(t, factory);
      const origin = `https://${DOMAIN}`;
      const home = await app.inject({ url: "/", headers: { host: DOMAIN } });
      assert.equal(home.statusCode, 200);
      const homePage = readPage(home.body);
      assert.deepEqual(homePage.links.get("canonical"), [`${origin}/`]);
      assert.deepEqual(homePage.links.get("icon"), ["https://img.example.org/journal.png"]);
      assert.ok(homePage.anchors.some((a) => a.href === `${origin}/second-entry`));
      assert.ok(!homePage.anchors.some((a) => a.href.includes("hidden-entry")));
      const post = readPage(
        (await app.inject({ url: "/second-entry", headers: { host: DOMAIN } })).body,
      );
      assert.deepEqual(post.links.get("canonical"), [`${origin}/second-entry`]);
      assert.equal(one(post, "og:url"), `${origin}/second-entry`);
      assert.ok(post.anchors.some((a) => a.href === `${origin}/tag/diary`));
      assert.ok(post.anchors.some((a) => a.href === `${origin}/author/usr_jo`));
      for (const path of ["/tag/diary", "/author/usr_jo", "/search?q=entry"]) {
        const res = await app.inject({ url: path, headers: { host: DOMAIN } });
        assert.equal(res.statusCode, 200, path);
      }
      for (const [from, to] of [
        ["/@journal/second-entry", `${origin}/second-entry`],
        ["/@journal", `${origin}/`],
        ["/@journal/tag/diary", `${origin}/tag/diary`],
        ["/@journal/author/usr_jo?x=1", `${origin}/author/usr_jo?x=1`],
      ]) {
        const res = await app.inject(from!);
        assert.equal(res.statusCode, 308, from);
        assert.equal(res.headers.location, to);
      }
      // The domain's host in another letter case, with a port: the same site.
      const upper = await app.inject({
        url: "/second-entry",
        headers: { host: "Journal.Example.ORG:443" },
      });
      assert.equal(upper.statusCode, 200);
      // Another publication's post is not on this domain.
      const elsewhere = await app.inject({ url: "/hello-folio", headers: html(DOMAIN) });
      assert.equal(elsewhere.statusCode, 404);
      const robots = await app.inject({ url: "/robots.txt", headers: { host: DOMAIN } });
      assert.match(robots.body, new RegExp(`Sitemap: ${origin}/sitemap.xml`));
      // The API and the feeds name the same canonical address.
      const api = await app.inject("/v1/publications/slug/journal/posts/slug/second-entry");
      assert.equal(api.headers.link, `<${origin}/second-entry>; rel="canonical"`);
      const byId = await app.inject("/v1/posts/pst_j2?includeContent=true");
      assert.equal(byId.headers.link, `<${origin}/second-entry>; rel="canonical"`);
      const other = await app.inject("/v1/posts/pst_welcome");
      assert.equal(other.headers.link, `<${SITE_URL}/@field-notes/hello-folio>; rel="canonical"`);
      const feed = await app.inject("/v1/publications/pub_journal/feed/json");
      const items = feed.json() as { home_page_url: string; items: { url: string }[] };
      assert.equal(items.home_page_url, `${origin}/`);
      assert.deepEqual(
        items.items.map((i) => i.url),
        [`${origin}/second-entry`, `${origin}/first-entry`],
      );
    });

    it("an old slug answers a permanent redirect to the post's page", async (t) => {
      const { app, store } = await buildSite(t, factory);
      const { secret } = await makeKey(store, "pub_field");
      const renamed = await app.inject({
        method: "PUT",
        url: "/v1/posts/pst_gardens",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        payload: JSON.stringify({ slug: "gardens" }),
      });
      assert.equal(renamed.statusCode, 200);
      await waitFor(async () => (await app.inject("/@field-notes/gardens")).statusCode === 200);
      const moved = await app.inject("/@field-notes/small-gardens?ref=x");
      assert.equal(moved.statusCode, 308);
      assert.equal(moved.headers.location, `${SITE_URL}/@field-notes/gardens?ref=x`);
    });

    it("unknown paths: the HTML 404 page for a browser, the API's JSON for others", async (t) => {
      const { app } = await buildSite(t, factory);
      const browser = await app.inject({ url: "/nowhere", headers: html() });
      assert.equal(browser.statusCode, 404);
      assert.match(String(browser.headers["content-type"]), /^text\/html/);
      const api = await app.inject("/nowhere");
      assert.equal(api.statusCode, 404);
      assert.equal(api.json().error, "not_found");
      const v1 = await app.inject({ url: "/v1/nowhere", headers: html() });
      assert.equal(v1.json().error, "not_found", "the API's paths always answer JSON");
    });

    it("a post page view is counted into the post's views", async (t) => {
      const { app, store } = await buildSite(t, factory);
      for (let i = 0; i < 3; i++) assert.equal((await app.inject(PAGES.post.url)).statusCode, 200);
      await app.inject({ method: "HEAD", url: PAGES.post.url });
      await app.close();
      const page = await store.listOwnPosts({
        ...{ publicationId: "pub_field", status: "published", limit: 100 },
        ...{ withContent: false, now: Date.now() },
      });
      assert.equal(page.posts.find((p) => p.id === "pst_changelog")?.views, 3);
    });

    it("a cached post page is answered and its view counted with no post lookup", async (t) => {
      const { app } = await buildSite(t, factory);
      assert.equal((await app.inject(PAGES.post.url)).statusCode, 200);
      const lookups = () => {
        const { hits, misses } = app.postCache.snapshot();
        return hits + misses;
      };
      const before = lookups();
      for (let i = 0; i < 4; i++) assert.equal((await app.inject(PAGES.post.url)).statusCode, 200);
      assert.equal(lookups(), before);
    });
  });
}

/** Change notices arrive within about a second: poll until the condition holds. */
async function waitFor(condition: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out waiting for the change to show");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
