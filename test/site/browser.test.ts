// The reader's site as Chromium shows it: every page type at a phone's and a desktop's width,
// in light and dark, with no sideways scrolling, no console error, no request that leaves the
// server but an author's own image, and axe-core finding nothing against WCAG 2.1 A and AA.
// Then the XSS corpus as post pages: nothing in them runs, with the CSP on and with it off.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { importNdjson } from "../../src/import/run-import.js";
import { corpus } from "../content/xss-corpus.js";
import { ndjson } from "../helpers/fixtures.js";
import { DOMAIN, PAGES, buildSite, listen } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { PIXEL, VIEWS, assertFits, axeViolations, launch, watchedPage } from "./chromium.js";
import { xssPosts, xssUrl } from "./xss-posts.js";

/**
 * What the page may ask of an author's own hosts, by request type: its images' addresses as
 * images, its icon's as Chromium's favicon load ("other").
 */
async function authorImages(page: Page): Promise<Map<string, Set<string>>> {
  const pairs = await page.$$eval("img[src], link[rel=icon]", (elements) =>
    elements.map((e) => {
      const { src, href } = e as unknown as { src?: string; href?: string };
      return src === undefined ? [href ?? "", "other"] : [src, "image"];
    }),
  );
  const allowed = new Map<string, Set<string>>();
  for (const [url, type] of pairs as [string, string][]) {
    allowed.set(url, (allowed.get(url) ?? new Set()).add(type));
  }
  return allowed;
}

/** Chromium with the custom domain reaching the loopback server, the browser sending its Host. */
const mapDomain = (port: string) => [`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1:${port}`];

test("every page type in Chromium: fits the screen, no error, nothing fetched elsewhere, axe-clean", async (t) => {
  const { app } = await buildSite(t, sqliteFactory);
  const base = await listen(app);
  const port = new URL(base).port;
  const browser = await launch(t, mapDomain(port));
  if (browser === undefined) return;
  const servers = new Set([`127.0.0.1:${port}`, `${DOMAIN}:${port}`]);
  // axe needs its script in pages whose CSP allows none: the one thing the browser waives.
  const context = await browser.newContext({ bypassCSP: true });
  t.after(() => context.close());
  const { page, seen } = await watchedPage(context, servers);
  for (const view of VIEWS) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    for (const [name, where] of Object.entries(PAGES)) {
      const label = `${name} at ${view.width}px, ${view.colorScheme}`;
      const origin = "host" in where ? `http://${where.host}:${port}` : base;
      const url = origin + where.url;
      seen.requests.length = 0;
      seen.errors.length = 0;
      const response = await page.goto(url, { waitUntil: "load" });
      const expected = name === "notFound" ? 404 : 200;
      assert.equal(response?.status(), expected, label);
      await assertFits(page, label);
      // Masthead, text and footer share one column: their edges line up.
      const edges = (await page.evaluate(
        `[".masthead .wrap", "main", ".colophon .wrap"].map((s) => {
          const box = document.querySelector(s).getBoundingClientRect();
          return [Math.round(box.left), Math.round(box.right)];
        })`,
      )) as [number, number][];
      for (const edge of edges) assert.deepEqual(edge, edges[1], `${label}: one column`);
      // A 404 page is logged as a failed load by Chromium itself: that one is expected.
      const errors = seen.errors.filter(
        (e) => !(expected === 404 && e.includes("status of 404") && e.endsWith(`(${url})`)),
      );
      assert.deepEqual(errors, [], label);
      const images = await authorImages(page);
      const elsewhere = seen.requests.filter(
        // An author's image fetched as one: not a script or a style at the same address.
        (r) => !servers.has(new URL(r.url).host) && images.get(r.url)?.has(r.type) !== true,
      );
      assert.deepEqual(elsewhere, [], `${label}: only the server, and authors' images`);
      assert.deepEqual(await axeViolations(page), [], label);
    }
  }
});

/** What the XSS test's init script adds to a page's window. */
interface InPage {
  __xssRan(what: string): void;
  __refused: string[];
  __xss?: unknown;
  document: {
    addEventListener(type: string, listener: (e: { violatedDirective: string }) => void): void;
  };
}

test("the XSS corpus as post pages in Chromium: no dialog, no script, no navigation", async (t) => {
  const { app, store } = await buildSite(t, sqliteFactory);
  const summary = await importNdjson(store, ndjson(xssPosts()), { partial: true });
  assert.ok(summary.written >= corpus.length - 2, `the corpus is stored (${summary.written})`);
  const base = await listen(app);
  const port = new URL(base).port;
  const browser = await launch(t, mapDomain(port));
  if (browser === undefined) return;
  // As served (the CSP forbids every script), and with the CSP waived: the markup alone must
  // carry nothing that runs, the policy is the second wall.
  for (const bypassCSP of [false, true]) {
    const context = await browser.newContext({ bypassCSP });
    t.after(() => context.close());
    const ran: string[] = [];
    await context.exposeBinding("__xssRan", (_source, what: string) => ran.push(what));
    // Every way the corpus calls out reports here before a dialog could open.
    await context.addInitScript(() => {
      const window = globalThis as unknown as InPage;
      for (const name of ["alert", "confirm", "prompt", "print"] as const) {
        Object.defineProperty(window, name, { value: () => window.__xssRan(name) });
      }
      window.__refused = [];
      window.document.addEventListener("securitypolicyviolation", (e) =>
        window.__refused.push(e.violatedDirective),
      );
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const servers = new Set([`127.0.0.1:${port}`]);
    await page.route(
      (url) => !servers.has(url.host),
      (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
    );
    let pages = 0;
    let refusedScripts = 0;
    for (let i = 0; i < corpus.length; i++) {
      const url = base + xssUrl(i);
      const response = await page.goto(url, { waitUntil: "load" });
      if (response?.status() === 404) continue;
      assert.equal(response?.status(), 200, corpus[i]![0]);
      pages++;
      assert.equal(page.url(), url, `${corpus[i]![0]}: stays on its page`);
      // "load" waits for every eager image, so their load and error handlers had their turn.
      const state = await page.evaluate(() => {
        const window = globalThis as unknown as InPage;
        return { sentinel: window.__xss, refused: window.__refused };
      });
      assert.equal(state.sentinel, undefined, corpus[i]![0]);
      refusedScripts += state.refused.filter((d) => d.startsWith("script-src")).length;
    }
    assert.equal(pages, summary.written);
    if (!bypassCSP) {
      // Tools that read the site from inside a page (Lighthouse's robots.txt audit) may.
      const robots = await page.evaluate("fetch('/robots.txt').then((r) => r.status)");
      assert.equal(robots, 200, "the policy lets the page's own origin be read");
    }
    assert.deepEqual(ran, [], `bypassCSP ${bypassCSP}: nothing called out`);
    assert.deepEqual(dialogs, [], `bypassCSP ${bypassCSP}: no dialog`);
    t.diagnostic(`bypassCSP ${bypassCSP}: ${pages} pages, ${refusedScripts} scripts refused`);
  }
});
