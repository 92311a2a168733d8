// Post pages kept in the store (site/stored-pages.ts), on every store: a page is kept after it
// is made and then read back in the coding asked for, and a change to anything it shows (the
// post, a neighbour, a neighbour going live, the publication, an author, the site's address
// or theme) makes the kept page unusable. A kept page is replaced by a marker with the same
// fingerprint, so a test tells a page read from the store from a page made again.
import { strict as assert } from "node:assert";
import { cpSync, appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, it, type TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { importNdjson } from "../../src/import/run-import.js";
import { DEFAULT_THEME_DIR } from "../../src/site/theme.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING } from "../helpers/app.js";
import { ndjson } from "../helpers/fixtures.js";
import { DOMAIN, LATER, PAGES, SITE_URL, buildSite, type SiteBuilt } from "../helpers/site.js";
import { dropBodies } from "../helpers/stored-bytes.js";
import { storeFactories } from "../helpers/stores.js";

const NO_CACHE = { CACHE_MAX_BYTES: "0" };
const CHANGELOG = { publicationId: "pub_field", slug: "keeping-a-changelog" };

/** A page that is no theme's, longer than the smallest body worth compressing. */
const MARKER = Buffer.from(`<!doctype html><title>kept</title><p>${"kept ".repeat(300)}</p>`);
const MARKER_ETAG = '"marker"';

/** The page kept for a post, as the store holds it now. */
async function keptPage(site: SiteBuilt, where: { publicationId: string; slug: string }) {
  await site.app.storedPages.idle();
  const probe = await site.store.probeSitePage(
    where.publicationId,
    where.slug,
    site.clock.now,
    "all",
  );
  return probe?.page;
}

/** Replaces a post's kept page by the marker, under the kept page's own fingerprint. */
async function mark(site: SiteBuilt, where: { publicationId: string; slug: string }) {
  const page = await keptPage(site, where);
  assert.ok(page, `a page is kept for ${where.slug}`);
  const probe = await site.store.probeSitePage(
    where.publicationId,
    where.slug,
    site.clock.now,
    "body",
  );
  await site.store.keepSitePage(probe!.postId, {
    ...{ fingerprint: page.fingerprint, etag: MARKER_ETAG, body: MARKER },
    ...{ gzip: gzipSync(MARKER), br: brotliCompressSync(MARKER) },
  });
}

const isMarker = (body: string) => body === MARKER.toString();

/** Replaces a publication's kept home page by the marker, under its own fingerprint. */
async function markHome(site: SiteBuilt, publicationId: string) {
  await site.app.storedPages.idle();
  const { page } = await site.store.probeHomePage(publicationId, site.clock.now, 13, "all");
  assert.ok(page, `a home page is kept for ${publicationId}`);
  await site.store.keepHomePage(publicationId, {
    ...{ fingerprint: page.fingerprint, etag: MARKER_ETAG, body: MARKER },
    ...{ gzip: gzipSync(MARKER), br: brotliCompressSync(MARKER) },
  });
}

/** Polls until the condition holds: change notices reach the app within about a second. */
async function waitFor(condition: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out waiting for the change to show");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A second app over the same store, with its own settings. */
async function appOver(
  t: TestContext,
  store: PostStore,
  env: Record<string, string>,
): Promise<FastifyInstance> {
  const config = loadConfig({
    ...{ SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: "0", ...NO_SHEDDING, ...NO_CACHE },
    ...env,
  });
  const app = await buildApp({ config, store, clock: () => Date.UTC(2026, 0, 15), logger: false });
  t.after(() => app.close());
  return app;
}

for (const factory of await storeFactories()) {
  describe(`post pages kept in the store (${factory.name})`, () => {
    for (const [label, env] of [
      ["with the response cache off", NO_CACHE],
      ["with the response cache on", {}],
    ] as const) {
      it(`a page is kept once made, and read back in each coding (${label})`, async (t) => {
        const site = await buildSite(t, factory, { env });
        const made = await site.app.inject(PAGES.post.url);
        assert.equal(made.statusCode, 200);
        const page = await keptPage(site, CHANGELOG);
        assert.ok(page);
        assert.equal(page.body!.toString(), made.body);
        assert.equal(page.etag, made.headers.etag);
        assert.deepEqual(gunzipSync(page.gzip!), page.body);
        assert.deepEqual(brotliDecompressSync(page.br!), page.body);
        // Sent from the store: the marker, in the coding asked for, with its validators.
        await mark(site, CHANGELOG);
        const cacheOn = { CACHE_MAX_BYTES: "1000000" };
        const fresh = env === NO_CACHE ? site.app : await appOver(t, site.store, cacheOn);
        const plain = await fresh.inject(PAGES.post.url);
        assert.ok(isMarker(plain.body), "the kept page is sent as it is");
        assert.equal(plain.headers.etag, MARKER_ETAG);
        assert.match(String(plain.headers["surrogate-key"]), /post-pst_changelog/);
        for (const coding of ["gzip", "br"] as const) {
          const res = await fresh.inject({
            url: PAGES.post.url,
            headers: { "accept-encoding": coding },
          });
          assert.equal(res.headers["content-encoding"], coding);
          assert.equal(res.headers.etag, `"marker-${coding}"`);
          const unpack = coding === "gzip" ? gunzipSync : brotliDecompressSync;
          assert.ok(isMarker(unpack(res.rawPayload).toString()), coding);
        }
        const again = await fresh.inject({
          url: PAGES.post.url,
          headers: { "if-none-match": MARKER_ETAG },
        });
        assert.equal(again.statusCode, 304);
      });
    }

    const changelog = (title: string) => ({
      ...{ type: "post", id: "pst_changelog", publicationId: "pub_field" },
      ...{ slug: "keeping-a-changelog", title, status: "published" },
      ...{ publishedAt: "1732406400000", authorIds: ["usr_ben", "usr_ada"], markdown: "Words." },
    });
    const changes: {
      name: string;
      url?: string;
      host?: string;
      where?: { publicationId: string; slug: string };
      apply: (site: SiteBuilt) => Promise<unknown> | void;
      shows: RegExp;
    }[] = [
      {
        name: "the post is edited",
        apply: (site) => importNdjson(site.store, ndjson([changelog("A changelog, rewritten")])),
        shows: /A changelog, rewritten/,
      },
      {
        name: "the older neighbour is retitled",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([
              {
                ...{ type: "post", id: "pst_gardens", publicationId: "pub_field" },
                ...{ slug: "small-gardens", title: "Gardens, kept small", status: "published" },
                ...{ publishedAt: "1732233600000", authorIds: ["usr_ben"], markdown: "Soil." },
              },
            ]),
          ),
        shows: /Gardens, kept small/,
      },
      {
        name: "the publication is renamed",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([
              {
                ...{ type: "publication", id: "pub_field", slug: "field-notes" },
                name: "Field Notes Weekly",
              },
            ]),
          ),
        shows: /Field Notes Weekly/,
      },
      {
        name: "an author is renamed",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([
              {
                type: "author",
                id: "usr_ben",
                publicationId: "pub_field",
                name: "Benedict Moreau",
              },
            ]),
          ),
        shows: /Benedict Moreau/,
      },
      {
        name: "a scheduled neighbour goes live, with no write",
        url: "/second-entry",
        host: DOMAIN,
        where: { publicationId: "pub_journal", slug: "second-entry" },
        apply: (site) => {
          site.clock.now = LATER;
        },
        shows: /later-entry/,
      },
    ];

    for (const change of changes) {
      it(`a kept page is made again when ${change.name}`, async (t) => {
        const site = await buildSite(t, factory, { env: NO_CACHE });
        const request = {
          url: change.url ?? PAGES.post.url,
          headers: { accept: "text/html", ...(change.host && { host: change.host }) },
        };
        const where = change.where ?? CHANGELOG;
        const before = await site.app.inject(request);
        assert.equal(before.statusCode, 200);
        assert.doesNotMatch(before.body, change.shows);
        await mark(site, where);
        assert.ok(isMarker((await site.app.inject(request)).body), "kept while nothing changed");
        await change.apply(site);
        let after = "";
        await waitFor(async () => {
          after = (await site.app.inject(request)).body;
          return change.shows.test(after);
        });
        assert.ok(!isMarker(after));
        // The page made now is kept in its turn, under the new fingerprint.
        const kept = await keptPage(site, where);
        assert.equal(kept?.body?.toString(), after);
        assert.equal((await site.app.inject(request)).body, after);
      });
    }

    it("a publication's home is kept once made, and read back in each coding", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      const made = await site.app.inject(PAGES.publication.url);
      assert.equal(made.statusCode, 200);
      await site.app.storedPages.idle();
      const { page } = await site.store.probeHomePage("pub_field", site.clock.now, 13, "all");
      assert.equal(page?.body?.toString(), made.body);
      assert.equal(page?.etag, made.headers.etag);
      await markHome(site, "pub_field");
      assert.ok(isMarker((await site.app.inject(PAGES.publication.url)).body));
      const gzip = await site.app.inject({
        url: PAGES.publication.url,
        headers: { "accept-encoding": "gzip" },
      });
      assert.equal(gzip.headers.etag, '"marker-gzip"');
      assert.ok(isMarker(gunzipSync(gzip.rawPayload).toString()));
      // With the response cache on, a page it does not hold is read from the store too.
      const cached = await appOver(t, site.store, { CACHE_MAX_BYTES: "1000000" });
      assert.ok(isMarker((await cached.inject(PAGES.publication.url)).body));
    });

    it("only a home's first page is kept: a later page is made at each read", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      const first = await site.app.inject("/@many");
      const next = /<link rel="next" href="([^"]+)"/.exec(first.body)?.[1];
      assert.ok(next, "the first page links the next");
      await markHome(site, "pub_many");
      const path = next.slice(SITE_URL.length).replaceAll("&#x3D;", "=").replaceAll("&amp;", "&");
      assert.match(path, /\?cursor=[^&]+&from=/);
      const second = await site.app.inject(path);
      assert.equal(second.statusCode, 200);
      assert.ok(!isMarker(second.body));
      assert.match(second.body, /Post number/);
    });

    const tables = (title: string, status = "published") => ({
      ...{ type: "post", id: "pst_tables", publicationId: "pub_field" },
      ...{ slug: "tables-in-posts", title, status },
      ...{ publishedAt: "1732492800000", authorIds: ["usr_ada"], markdown: "Rows." },
    });
    const homeChanges: {
      name: string;
      host?: string;
      publicationId?: string;
      apply: (site: SiteBuilt) => Promise<unknown> | void;
      shows: (body: string) => boolean;
    }[] = [
      {
        name: "a post it lists is retitled",
        apply: (site) => importNdjson(site.store, ndjson([tables("Tables, set again")])),
        shows: (body) => body.includes("Tables, set again"),
      },
      {
        name: "a post it lists is withdrawn",
        apply: (site) => importNdjson(site.store, ndjson([tables("Tables in posts", "draft")])),
        shows: (body) => !isMarker(body) && !body.includes("Tables in posts"),
      },
      {
        name: "a post is published in it",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([
              {
                ...{ type: "post", id: "pst_fresh", publicationId: "pub_field" },
                ...{ slug: "fresh-notes", title: "Fresh notes", status: "published" },
                ...{ publishedAt: String(site.clock.now - 1000), authorIds: ["usr_ada"] },
                markdown: "New.",
              },
            ]),
          ),
        shows: (body) => body.includes("Fresh notes"),
      },
      {
        name: "an author of a post it lists is renamed",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([{ type: "author", id: "usr_ada", publicationId: "pub_field", name: "Ada O." }]),
          ),
        shows: (body) => body.includes("Ada O."),
      },
      {
        name: "the publication is renamed",
        apply: (site) =>
          importNdjson(
            site.store,
            ndjson([{ type: "publication", id: "pub_field", slug: "field-notes", name: "Fields" }]),
          ),
        shows: (body) => body.includes("Fields"),
      },
      {
        name: "a scheduled post goes live, with no write",
        host: DOMAIN,
        publicationId: "pub_journal",
        apply: (site) => {
          site.clock.now = LATER;
        },
        shows: (body) => body.includes("later-entry"),
      },
    ];

    for (const change of homeChanges) {
      it(`a kept home page is made again when ${change.name}`, async (t) => {
        const site = await buildSite(t, factory, { env: NO_CACHE });
        const request = change.host
          ? { url: "/", headers: { accept: "text/html", host: change.host } }
          : { url: PAGES.publication.url, headers: { accept: "text/html" } };
        const before = await site.app.inject(request);
        assert.equal(before.statusCode, 200);
        assert.ok(!change.shows(before.body));
        await markHome(site, change.publicationId ?? "pub_field");
        assert.ok(isMarker((await site.app.inject(request)).body), "kept while nothing changed");
        await change.apply(site);
        let after = "";
        await waitFor(async () => {
          after = (await site.app.inject(request)).body;
          return !isMarker(after) && change.shows(after);
        });
        await site.app.storedPages.idle();
        const publicationId = change.publicationId ?? "pub_field";
        const { page: kept } = await site.store.probeHomePage(publicationId, LATER, 13, "body");
        assert.equal(kept?.body?.toString(), after, "the page made now is kept in its turn");
      });
    }

    it("another site address or theme makes its own pages", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      await site.app.inject(PAGES.post.url);
      await mark(site, CHANGELOG);
      const same = await appOver(t, site.store, {});
      assert.ok(isMarker((await same.inject(PAGES.post.url)).body), "the same maker reads it");
      const moved = await appOver(t, site.store, { SITE_URL: "https://moved.example.net" });
      const elsewhere = await moved.inject(PAGES.post.url);
      assert.ok(!isMarker(elsewhere.body));
      assert.match(
        elsewhere.body,
        /https:\/\/moved\.example\.net\/@field-notes\/keeping-a-changelog/,
      );
      await moved.storedPages.idle();
      // Made again by the first site's maker, so only the theme differs below.
      assert.ok(!isMarker((await same.inject(PAGES.post.url)).body));
      await same.storedPages.idle();
      await mark(site, CHANGELOG);
      assert.ok(isMarker((await same.inject(PAGES.post.url)).body));
      const dir = mkdtempSync(join(tmpdir(), "folio-theme-"));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      cpSync(DEFAULT_THEME_DIR, dir, { recursive: true });
      appendFileSync(join(dir, "style.css"), "\n/* an operator's change */\n");
      const themed = await appOver(t, site.store, { SITE_THEME_DIR: dir });
      const restyled = await themed.inject(PAGES.post.url);
      assert.equal(restyled.statusCode, 200);
      assert.ok(!isMarker(restyled.body), "a page made with another theme is not this one's");
    });

    it("a post without stored bytes is made at each read and not kept", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      await dropBodies(factory, site.url, "pst_changelog");
      const first = await site.app.inject(PAGES.post.url);
      assert.equal(first.statusCode, 200);
      assert.match(first.body, /Keeping a changelog people read/);
      assert.equal(await keptPage(site, CHANGELOG), undefined);
      assert.equal((await site.app.inject(PAGES.post.url)).body, first.body);
    });

    it("a home listing a post without stored bytes is made at each read and not kept", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      await dropBodies(factory, site.url, "pst_changelog");
      const first = await site.app.inject(PAGES.publication.url);
      assert.equal(first.statusCode, 200);
      assert.match(first.body, /Keeping a changelog people read/);
      await site.app.storedPages.idle();
      const { listed, page } = await site.store.probeHomePage(
        ...(["pub_field", site.clock.now, 13, "all"] as const),
      );
      assert.match(listed, /"pst_changelog", ?null\]/, "the probe names the bare post");
      assert.equal(page, undefined);
      assert.equal((await site.app.inject(PAGES.publication.url)).body, first.body);
    });

    it("hidden and missing posts are the same 404 page with the cache off", async (t) => {
      const site = await buildSite(t, factory, { env: NO_CACHE });
      const bodies = new Set<string>();
      for (const url of [
        "/@field-notes/unfinished-thoughts",
        "/@the-ledger/next-quarter",
        "/@field-notes/no-such-post",
        "/@field-notes/a%00b",
        "/@field-notes/a%20b",
        "/@field-notes/%01",
      ]) {
        const res = await site.app.inject({ url, headers: { accept: "text/html" } });
        assert.equal(res.statusCode, 404, url);
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1);
    });
  });
}
