// What the editor's Chromium suites share: the site over the demo data served on a loopback
// port under a real-looking host, Chromium mapped to it (and nowhere else), a writer signed in
// through an invite link as a writer is (the link opened, its button pressed), and the ways a
// test reads what the page and the server now hold.
import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { loadConfig } from "../../src/config/index.js";
import { DeskSessions } from "../../src/desk/sessions.js";
import type { PostStore } from "../../src/store/post-store.js";
import { buildSite, listen, type SiteBuilt } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { launch, watchedPage, type Seen } from "../site/chromium.js";

export const HOST = "desk.example.com";
export const SITE = `http://${HOST}`;

export interface Desk extends SiteBuilt {
  browser: Browser;
  sessions: DeskSessions;
  /** A new context (its own cookies and storage) whose page is signed in on /desk. */
  writer(options?: Parameters<Browser["newContext"]>[0]): Promise<Writer>;
}

export interface Writer {
  context: BrowserContext;
  page: Page;
  seen: Seen;
}

/** The site with the desk, and Chromium; undefined when Chromium is not installed (skipped). */
export async function openDesk(t: TestContext): Promise<Desk | undefined> {
  const built = await buildSite(t, sqliteFactory, { env: { SITE_URL: SITE } });
  // Real time, so the browser's clock and the server's agree on what "the future" is.
  built.clock.now = Date.now();
  const port = new URL(await listen(built.app)).port;
  const browser = await launch(t, [
    `--host-resolver-rules=MAP ${HOST} 127.0.0.1:${port}, MAP * ~NOTFOUND`,
  ]);
  if (browser === undefined) return undefined;
  const config = loadConfig({ SITE_URL: SITE });
  const sessions = new DeskSessions(built.store, config.desk, config.siteUrl);
  return {
    ...built,
    browser,
    sessions,
    async writer(options = {}) {
      const context = await browser.newContext(options);
      t.after(() => context.close());
      const { page, seen } = await watchedPage(context, new Set([HOST]));
      await signIn(page, sessions);
      return { context, page, seen };
    },
  };
}

/** Opens a new invite for Ada of Field Notes and presses its button: on /desk. */
export async function signIn(page: Page, sessions: DeskSessions) {
  const invite = await sessions.invite("field-notes", "usr_ada");
  await page.goto(invite.url, { waitUntil: "load" });
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${SITE}/desk`),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  await page.waitForLoadState("load");
  assert.equal(answer.status(), 200, "the desk opens once the invite is spent");
}

/** The editor's body: the labelled text box. */
export function body(page: Page) {
  return page.getByRole("textbox", { name: "Body" });
}

/** Until the page has drawn a frame: the events of a keystroke have all been handled. */
export function frame(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        (
          globalThis as unknown as { requestAnimationFrame(f: () => void): void }
        ).requestAnimationFrame(() => resolve(undefined)),
      ),
  );
}

/**
 * The keyboard at a writer's pace: each key waits for a frame after it. A browser tells the
 * editor of a selection moved by the keys (Shift+Arrow, End) in a task of its own; keys sent
 * faster than any hand can overtake it.
 */
export function paced(page: Page) {
  return {
    async press(key: string) {
      await page.keyboard.press(key);
      await frame(page);
    },
    async type(text: string) {
      await page.keyboard.type(text);
      await frame(page);
    },
  };
}

/** Waits until the page's selection is `text`, and a frame later (the editor has read it). */
export async function selected(page: Page, text: string) {
  await page.waitForFunction(
    (wanted) =>
      (globalThis as unknown as { getSelection(): { toString(): string } })
        .getSelection()
        .toString() === wanted,
    text,
  );
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        (
          globalThis as unknown as { requestAnimationFrame(f: () => void): void }
        ).requestAnimationFrame(() => resolve(undefined)),
      ),
  );
}

/** Waits until the editor's status line matches `pattern`; a timeout says what it showed. */
export async function statusSays(page: Page, pattern: RegExp, timeout = 30_000) {
  try {
    await waitForStatus(page, pattern, timeout);
  } catch (error) {
    const shown = await page
      .evaluate(
        `[...document.querySelectorAll("#save-status, [role=alert]")]
        .map((e) => (e.dataset.state ?? "") + " " + e.textContent).join(" | ")`,
      )
      .catch(() => "(the page is gone)");
    throw new Error(`the status never matched ${pattern}; the page shows: ${String(shown)}`, {
      cause: error,
    });
  }
}

async function waitForStatus(page: Page, pattern: RegExp, timeout: number) {
  await page.waitForFunction(
    ([source, flags]) => {
      const doc = (
        globalThis as unknown as {
          document: { getElementById(id: string): { textContent: string | null } | null };
        }
      ).document;
      return new RegExp(source!, flags).test(doc.getElementById("save-status")?.textContent ?? "");
    },
    [pattern.source, pattern.flags],
    { timeout },
  );
}

/** Waits until the server has every change the page shows, and the page says so. */
export async function saved(page: Page, timeout = 30_000) {
  await page.waitForSelector("#save-status[data-state='saved']", { state: "attached", timeout });
  await statusSays(page, /^Saved at|^Your version is saved|^Showing their version/, timeout);
}

/** The post id the editor's address names. */
export function postIdOf(page: Page): string {
  const match = /\/desk\/posts\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  assert.ok(match, `not on an editor: ${page.url()}`);
  return decodeURIComponent(match[1]!);
}

/** The JSON bodies the page sent to the desk's post API, as sent. */
export function writesOf(
  page: Page,
): { method: string; url: string; body: Record<string, unknown> }[] {
  const writes: { method: string; url: string; body: Record<string, unknown> }[] = [];
  page.on("request", (request: Request) => {
    const method = request.method();
    if (!request.url().includes("/desk/api/posts") || method === "GET") return;
    const data = request.postData();
    writes.push({ method, url: request.url(), body: data ? JSON.parse(data) : {} });
  });
  return writes;
}

export async function storedPost(store: PostStore, id: string) {
  const post = await store.findPostById(id, { withContent: true });
  assert.ok(post, `post ${id} is stored`);
  return post;
}
