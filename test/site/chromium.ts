// Chromium for the suites that look at the site's and the desk's pages as a reader's browser
// does: launched offline, skipped where it is not installed (failed on CI), and the checks
// every page gets: it fits the screen, and axe-core finds nothing against WCAG 2.1 A and AA.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { TestContext } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** A phone's and a desktop's screen, each in light and dark. */
export const VIEWS = [
  { width: 375, height: 740, colorScheme: "light" },
  { width: 375, height: 740, colorScheme: "dark" },
  { width: 1280, height: 800, colorScheme: "light" },
  { width: 1280, height: 800, colorScheme: "dark" },
] as const;

/** A 1×1 PNG: what another host's image is answered with, offline. */
export const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Chromium for this test, or undefined after skipping where it is not installed. */
export async function launch(t: TestContext, args: string[] = []): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true")
      assert.fail(`${CHROMIUM} is missing: run scripts/ensure-chromium.sh`);
    t.skip(`no Chromium at ${CHROMIUM} (scripts/ensure-chromium.sh installs it)`);
    return undefined;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
      ...["--disable-background-networking", "--disable-component-update", "--disable-sync"],
      ...args,
    ],
  });
  t.after(() => browser.close());
  return browser;
}

export interface Seen {
  requests: { url: string; type: string }[];
  errors: string[];
}

/**
 * A page that records every request and console error. Nothing leaves the machine: whatever
 * is asked of a host not in `servers` gets a pixel (the test then checks what was asked for).
 */
export async function watchedPage(context: BrowserContext, servers: Set<string>) {
  const page = await context.newPage();
  const seen: Seen = { requests: [], errors: [] };
  page.on("request", (r) => seen.requests.push({ url: r.url(), type: r.resourceType() }));
  page.on("console", (m) => {
    if (m.type() === "error") seen.errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  await page.route(
    (url) => !servers.has(url.host),
    (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
  return { page, seen };
}

/** Asserts the page needs no sideways scrolling at its viewport's width. */
export async function assertFits(page: Page, label: string): Promise<void> {
  const fits = (await page.evaluate(
    "({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth })",
  )) as { scroll: number; inner: number };
  assert.ok(fits.scroll <= fits.inner, `${label}: ${fits.scroll}px wide in ${fits.inner}px`);
}

/**
 * axe-core's WCAG 2.1 A and AA violations on the page, as "rule: targets". The page's CSP
 * allows no script: its context must be made with `bypassCSP`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const { axe, document } = globalThis as unknown as { axe: AxeApi; document: object };
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  }, WCAG);
}

interface AxeApi {
  run(
    context: object,
    options: object,
  ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
}
