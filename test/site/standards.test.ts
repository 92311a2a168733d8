// The site read with other people's tools: html-validate on every page type, robots.txt
// with robots-parser, the sitemaps with an XML parser (saxes), a crawl from `/` that must
// reach every visible post and no hidden one, the content tests' XSS corpus as post pages,
// the stylesheet's budget. On SQLite: the store's part is covered by pages.test.ts.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { describe, it } from "node:test";
import { HtmlValidate } from "html-validate";
import { SaxesParser } from "saxes";
import { DEMO_FILE } from "../../src/cli/demo.js";
import { importNdjson } from "../../src/import/run-import.js";
import { corpus } from "../content/xss-corpus.js";
import { ndjson } from "../helpers/fixtures.js";
import { DOMAIN, PAGES, SITE_NOW, SITE_RECORDS, SITE_URL, buildSite } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { readPage } from "./read-page.js";
import { xssPosts, xssUrl } from "./xss-posts.js";

interface Robots {
  isAllowed(url: string, agent?: string): boolean | undefined;
  getSitemaps(): string[];
}
// Its typings declare a module without the callable default export it has.
const robotsParser = createRequire(import.meta.url)("robots-parser") as (
  url: string,
  contents: string,
) => Robots;

const ORIGINS = new Map([
  [SITE_URL, undefined],
  [`https://${DOMAIN}`, DOMAIN],
]);

/** An absolute URL of ours as [path, host]; undefined for anyone else's. */
function ours(url: string): [string, string | undefined] | undefined {
  for (const [origin, host] of ORIGINS) {
    if (url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`)) {
      return [url.slice(origin.length) || "/", host];
    }
  }
  return undefined;
}

/** Every post a reader may see, by its canonical URL, from the data the site was given. */
function visiblePostUrls(): { visible: Set<string>; hidden: Set<string> } {
  const demo = readFileSync(DEMO_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const records = [...demo, ...(SITE_RECORDS as Record<string, unknown>[])];
  const slugs = new Map(
    records.filter((r) => r.type === "publication").map((r) => [r.id, r] as const),
  );
  const visible = new Set<string>();
  const hidden = new Set<string>();
  for (const r of records.filter((x) => x.type === "post")) {
    const publication = slugs.get(r.publicationId)!;
    const base =
      publication.customDomain === undefined
        ? `${SITE_URL}/@${String(publication.slug)}`
        : String(publication.customDomain);
    const url = `${base}/${String(r.slug)}`;
    const shown = (r.status ?? "published") === "published" && Number(r.publishedAt) <= SITE_NOW;
    (shown ? visible : hidden).add(url);
  }
  return { visible, hidden };
}

describe("reader site against standard tools", () => {
  it("every page type validates with html-validate: no error", async (t) => {
    const { app } = await buildSite(t, sqliteFactory);
    const validator = new HtmlValidate({ extends: ["html-validate:recommended"] });
    for (const [name, page] of Object.entries(PAGES)) {
      const host = "host" in page ? page.host : undefined;
      const res = await app.inject({
        url: page.url,
        headers: { accept: "text/html", ...(host && { host }) },
      });
      const report = await validator.validateString(res.body);
      const errors = report.results.flatMap((r) =>
        r.messages
          .filter((m) => m.severity === 2)
          .map((m) => `${m.ruleId} line ${m.line}: ${m.message}`),
      );
      assert.deepEqual(errors, [], `${name} (${page.url})`);
    }
  });

  it("robots.txt and the sitemaps read back with robots-parser and an XML parser", async (t) => {
    const { app } = await buildSite(t, sqliteFactory);
    const { visible, hidden } = visiblePostUrls();
    const listed = new Set<string>();
    for (const [origin, host] of ORIGINS) {
      const robotsTxt = await app.inject({ url: "/robots.txt", headers: host ? { host } : {} });
      assert.equal(robotsTxt.statusCode, 200);
      const robots = robotsParser(`${origin}/robots.txt`, robotsTxt.body);
      assert.deepEqual(robots.getSitemaps(), [`${origin}/sitemap.xml`]);
      assert.equal(robots.isAllowed(`${origin}/`, "Googlebot"), true);
      assert.equal(robots.isAllowed(`${origin}/search?q=x`, "Googlebot"), false);
      const index = await app.inject({ url: "/sitemap.xml", headers: host ? { host } : {} });
      assert.match(String(index.headers["content-type"]), /^application\/xml/);
      const { root, locs } = parseXml(index.body);
      assert.equal(root, "sitemapindex");
      for (const loc of locs) {
        const [path, sitemapHost] = ours(loc)!;
        assert.equal(sitemapHost, host, "a sitemap is on its index's host");
        const sitemap = await app.inject({ url: path, headers: host ? { host } : {} });
        const parsed = parseXml(sitemap.body);
        assert.equal(parsed.root, "urlset");
        assert.ok(parsed.locs.length <= 50_000);
        assert.equal(parsed.lastmods.length, parsed.locs.length, "every URL has its lastmod");
        for (const lastmod of parsed.lastmods) assert.ok(!Number.isNaN(Date.parse(lastmod)));
        for (const url of parsed.locs) listed.add(url);
      }
    }
    for (const url of visible) assert.ok(listed.has(url), `listed: ${url}`);
    for (const url of hidden) assert.ok(!listed.has(url), `not listed: ${url}`);
  });

  it("a crawl from / reaches every visible post and no hidden one; every link answers", async (t) => {
    const { app } = await buildSite(t, sqliteFactory);
    const { visible, hidden } = visiblePostUrls();
    const queue = [SITE_URL + "/"];
    const seen = new Set(queue);
    const reached = new Set<string>();
    while (queue.length > 0) {
      const url = queue.shift()!;
      const [path, host] = ours(url)!;
      const res = await app.inject({
        url: path,
        headers: { accept: "text/html", ...(host && { host }) },
      });
      if (res.statusCode === 308) {
        const location = String(res.headers.location);
        assert.ok(ours(location), `${url} redirects to one of ours: ${location}`);
        if (!seen.has(location)) {
          seen.add(location);
          queue.push(location);
        }
        continue;
      }
      assert.equal(res.statusCode, 200, url);
      if (!String(res.headers["content-type"]).startsWith("text/html")) continue;
      reached.add(url.split("?")[0]!);
      const page = readPage(res.body);
      const links = [
        ...page.anchors.map((a) => a.href),
        ...["canonical", "next", "prev", "alternate", "stylesheet"].flatMap(
          (rel) => page.links.get(rel) ?? [],
        ),
      ];
      for (const link of links) {
        const absolute = new URL(link, url).href;
        if (ours(absolute) === undefined || seen.has(absolute)) continue;
        seen.add(absolute);
        queue.push(absolute);
      }
      assert.ok(seen.size < 2000, "the crawl ends");
    }
    for (const post of visible) assert.ok(reached.has(post), `reached ${post}`);
    for (const post of hidden) assert.ok(!seen.has(post), `never linked: ${post}`);
  });

  it("the XSS corpus as post pages: no script, no handler, no script URL", async (t) => {
    const { app, store } = await buildSite(t, sqliteFactory);
    const records = xssPosts();
    const summary = await importNdjson(store, ndjson(records), { partial: true });
    assert.ok(
      summary.written >= corpus.length - 2,
      `most of the corpus is stored (${summary.written})`,
    );
    let pages = 0;
    for (let i = 0; i < corpus.length; i++) {
      const res = await app.inject(xssUrl(i));
      if (res.statusCode === 404) continue;
      assert.equal(res.statusCode, 200);
      pages++;
      const page = readPage(res.body);
      assert.deepEqual(page.scripts, ["application/ld+json"], corpus[i]![0]);
      for (const { tag, attributes } of page.elements) {
        for (const [name, value] of Object.entries(attributes)) {
          assert.ok(!name.startsWith("on"), `${corpus[i]![0]}: ${tag}[${name}]`);
          if (["href", "src", "action", "formaction"].includes(name)) {
            const icon = tag === "link" && attributes.rel === "icon" && value === "data:,";
            assert.ok(
              icon || !/^\s*(javascript|vbscript|data):/i.test(value),
              `${tag}[${name}=${value}]`,
            );
          }
        }
        assert.ok(!["iframe", "object", "embed", "svg", "math", "style"].includes(tag), tag);
      }
      const [ld] = page.jsonLd as { headline: string }[];
      assert.ok(ld!.headline.includes("</script><script>"), "the title survives as data");
      assert.doesNotMatch(res.body, /<\/script><script>alert/, "…and never as markup");
    }
    assert.equal(pages, summary.written);
  });

  it("one stylesheet from our own origin, under 15 KB gzipped, cached for good", async (t) => {
    const { app } = await buildSite(t, sqliteFactory);
    const page = readPage((await app.inject(PAGES.post.url)).body);
    const [href] = page.links.get("stylesheet") ?? [];
    assert.match(href!, /^\/_folio\/style\.[\w-]+\.css$/);
    const css = await app.inject(href!);
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers["content-type"]), /^text\/css/);
    assert.match(String(css.headers["cache-control"]), /immutable/);
    const gzipped = gzipSync(css.rawPayload, { level: 9 }).length;
    t.diagnostic(`stylesheet: ${css.rawPayload.length} bytes, ${gzipped} gzipped`);
    assert.ok(gzipped <= 15 * 1024);
    assert.doesNotMatch(css.body, /@import|url\(\s*["']?(https?:)?\/\//, "nothing from elsewhere");
    assert.match(css.body, /prefers-color-scheme: dark/);
    assert.equal((await app.inject("/_folio/style.000000000000.css")).statusCode, 404);
  });
});

function parseXml(text: string) {
  const parser = new SaxesParser({ xmlns: true });
  let root: string | undefined;
  const locs: string[] = [];
  const lastmods: string[] = [];
  let current: string | undefined;
  parser.on("opentag", (node) => {
    root ??= node.local;
    assert.equal(node.uri, "http://www.sitemaps.org/schemas/sitemap/0.9");
    current = node.local;
  });
  parser.on("text", (text) => {
    if (current === "loc") locs.push(text);
    if (current === "lastmod") lastmods.push(text);
  });
  parser.on("closetag", () => (current = undefined));
  parser.write(text).close();
  return { root, locs, lastmods };
}
