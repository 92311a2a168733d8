// The desk's pages as a writer's Chromium shows them, reached the way a writer does: the desk
// asked without a session, an invite link opened, its button pressed, the desk reached, signed
// out; the spent link opened again.
// Every page is in the site's look (its stylesheet, loaded under the desk's policy), fits a
// phone's and a desktop's screen, logs no error, asks nothing of another host, and axe-core
// finds nothing against WCAG 2.1 A and AA.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { loadConfig } from "../../src/config/index.js";
import { DeskSessions } from "../../src/desk/sessions.js";
import { buildSite, listen } from "../helpers/site.js";
import { sqliteFactory } from "../helpers/stores.js";
import { VIEWS, assertFits, axeViolations, launch, watchedPage } from "../site/chromium.js";

// Plain HTTP on a name the browser maps to the loopback server: the browser's Origin and Host
// are the site's own, as behind a real domain.
const HOST = "desk.example.com";
const SITE = `http://${HOST}`;

test("the desk's pages in Chromium: sign in by invite, desk, sign out, a spent link", async (t) => {
  const { app, store } = await buildSite(t, sqliteFactory, { env: { SITE_URL: SITE } });
  const port = new URL(await listen(app)).port;
  const browser = await launch(t, [`--host-resolver-rules=MAP ${HOST} 127.0.0.1:${port}`]);
  if (browser === undefined) return;
  const config = loadConfig({ SITE_URL: SITE });
  const sessions = new DeskSessions(store, config.desk, config.siteUrl);

  /** Opens an invite and walks every desk page, checking each as it is shown. */
  async function walk(context: BrowserContext, label: string, axe: boolean) {
    const { page, seen } = await watchedPage(context, new Set([HOST]));
    const check = async (name: string, status: number) => {
      const where = `${label}, ${name}`;
      assert.equal(await page.title(), `${await heading(page)} · Folio desk`, where);
      await assertFits(page, where);
      // The site's stylesheet applies (it hides the skip link until it has focus).
      const styled = await page.evaluate(
        `getComputedStyle(document.querySelector(".skip")).position === "absolute"`,
      );
      assert.equal(styled, true, `${where}: the site's stylesheet applies`);
      // Chromium logs a page answered with an error status as a failed load: that one only.
      const errors = seen.errors.filter(
        (e) => !(status >= 400 && e.includes(`status of ${status}`)),
      );
      assert.deepEqual(errors, [], where);
      const elsewhere = seen.requests.filter((r) => new URL(r.url).host !== HOST);
      assert.deepEqual(elsewhere, [], `${where}: nothing asked of another host`);
      if (axe) assert.deepEqual(await axeViolations(page), [], where);
      seen.errors.length = 0;
      seen.requests.length = 0;
    };

    // Without a session the desk asks to sign in, in the site's look.
    const anonymous = await page.goto(`${SITE}/desk/posts/new`, { waitUntil: "load" });
    assert.equal(anonymous?.status(), 401);
    assert.equal(await heading(page), "Sign in to the desk");
    await check("no session", 401);

    const invite = await sessions.invite("field-notes", "usr_ada");
    assert.equal(new URL(invite.url).origin, SITE);
    const opened = await page.goto(invite.url, { waitUntil: "load" });
    assert.equal(opened?.status(), 200);
    assert.equal(await heading(page), "Sign in to the desk");
    await check("sign-in", 200);

    const [signedIn] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${SITE}/desk`),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await page.waitForLoadState("load");
    assert.equal(signedIn.status(), 200);
    assert.equal(page.url(), `${SITE}/desk`);
    assert.match(
      await page.locator("main").innerText(),
      /Signed in as Ada Okafor to Field Notes\./,
    );
    await check("desk", 200);

    const [signedOut] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${SITE}/desk/signout`),
      page.getByRole("button", { name: "Sign out" }).click(),
    ]);
    await page.waitForLoadState("load");
    assert.equal(signedOut.status(), 200);
    assert.equal(await heading(page), "Signed out");
    await check("signed out", 200);

    // The spent link still shows its page (a GET spends nothing); pressing the button is refused.
    await page.goto(invite.url, { waitUntil: "load" });
    const [spent] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${SITE}/desk/signin`),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await page.waitForLoadState("load");
    assert.equal(spent.status(), 400);
    assert.equal(await heading(page), "This sign-in link cannot be used");
    await check("spent link", 400);
    const bare = await page.goto(`${SITE}/desk/signin`, { waitUntil: "load" });
    assert.equal(bare?.status(), 200);
    assert.equal(await heading(page), "Sign in to the desk");
    await check("sign-in without a link", 200);
    await page.close();
  }

  // As served: the desk's policy lets the stylesheet in and nothing is refused.
  const served = await browser.newContext();
  t.after(() => served.close());
  await walk(served, "as served", false);
  // axe needs its script, which the policy refuses: the one thing the browser waives.
  for (const view of VIEWS) {
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: view.width, height: view.height },
      colorScheme: view.colorScheme,
    });
    t.after(() => context.close());
    await walk(context, `${view.width}px, ${view.colorScheme}`, true);
  }
});

async function heading(page: Page): Promise<string> {
  return (await page.locator("h1").innerText()).trim();
}
