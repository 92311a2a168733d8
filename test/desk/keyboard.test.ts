// The desk by keyboard alone and for everyone, in Chromium: from the writer's list to a
// published post with Tab, Enter and typing only; axe-core finds nothing against WCAG 2.1 A
// and AA on the list and the editor at a phone's and a desktop's width, light and dark, and
// neither needs sideways scrolling. The time from opening the editor to being able to type
// is measured here (performance marks), and reported.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { assertFits, axeViolations, VIEWS } from "../site/chromium.js";
import { body, openDesk, paced, SITE, statusSays } from "./writer.js";

/** Presses Tab until the focused control is named `name`; fails after `most` presses. */
async function tabTo(page: Page, name: string, most = 40) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    const focused = (await page.evaluate(
      `(() => { const e = document.activeElement; return (e.getAttribute("aria-label") || e.labels?.[0]?.textContent || e.textContent || "").trim(); })()`,
    )) as string;
    if (focused === name) return;
  }
  assert.fail(`${name} was not reached with ${most} presses of Tab`);
}

/** Milliseconds from the start of the page's navigation to the editor taking keys. */
async function readyAfter(page: Page): Promise<number> {
  await body(page).waitFor();
  return (await page.evaluate(
    `performance.getEntriesByName("desk:editor-ready")[0].startTime`,
  )) as number;
}

test("from the list to a published post by keyboard alone; time to typing", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page, seen } = await desk.writer();
  await tabTo(page, "New post");
  await Promise.all([page.waitForURL(`${SITE}/desk/posts/new`), page.keyboard.press("Enter")]);
  const cold = await readyAfter(page);
  // A new post starts in its title.
  assert.equal(await page.evaluate(`document.activeElement.id`), "post-title");
  await page.keyboard.type("Written without a mouse");
  await tabTo(page, "Bold");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(`document.activeElement.textContent`), "Italic");
  await tabTo(page, "Body");
  const key = paced(page);
  await key.type("## A heading by its shortcut");
  await key.press("Enter");
  await key.type("Words, and ");
  await key.press("Control+b");
  await key.type("bold ones");
  await key.press("Control+b");
  await key.press("Enter");
  await key.type("- a list");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("The end.");
  await tabTo(page, "Publish");
  await page.keyboard.press("Enter");
  await statusSays(page, /^Published\./);
  const published = await desk.app.inject({ url: "/@field-notes/written-without-a-mouse" });
  assert.equal(published.statusCode, 200);
  assert.match(published.body, /<h2>A heading by its shortcut<\/h2>/);
  assert.match(published.body, /<strong>bold ones<\/strong>/);
  assert.deepEqual(seen.errors, []);

  // Opened again, with the bundle in the browser's cache.
  await page.goto(page.url());
  const warm = await readyAfter(page);
  t.diagnostic(
    `opening the editor to typing: ${Math.round(cold)} ms first, ${Math.round(warm)} ms cached (a shared machine: not a measurement)`,
  );
});

test("axe-core finds nothing on the list and the editor, 375 px and 1280 px, light and dark", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  for (const view of VIEWS) {
    const where = `${view.width}px ${view.colorScheme}`;
    // axe is a script the pages' policy refuses: the one thing the browser waives.
    const { page, seen } = await desk.writer({
      bypassCSP: true,
      viewport: { width: view.width, height: view.height },
      colorScheme: view.colorScheme,
    });
    const check = async (name: string) => {
      await assertFits(page, `${where}, ${name}`);
      assert.deepEqual(await axeViolations(page), [], `${where}, ${name}`);
    };
    await check("list");
    await page.goto(`${SITE}/desk/posts/new`);
    await body(page).waitFor();
    await check("new post");
    await page.goto(`${SITE}/desk/posts/pst_welcome`);
    await body(page).waitFor();
    await check("editor on a post with every kind of block");
    // With the selection in a table and a code block, their bars shown.
    await body(page).click();
    await page.getByRole("button", { name: "Table" }).click();
    await page.getByRole("button", { name: "Add row" }).waitFor();
    await check("editor in a table");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete this post?" }).waitFor();
    await check("the delete dialog");
    await page.getByRole("button", { name: "Keep it" }).click();
    assert.deepEqual(seen.errors, [], where);
  }
});
