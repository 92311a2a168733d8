// Preview, publish, schedule, unpublish, delete and the writer's list, in Chromium. The
// preview is the reader's post page itself (the same template and model, noindex, never
// cached, no script); a schedule is chosen in the writer's time zone with UTC shown, and the
// post goes live on the site at that time; an edited slug keeps the old address redirecting.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { body, openDesk, postIdOf, saved, SITE, statusSays } from "./writer.js";

async function draft(page: Page, title: string, text: string) {
  await page.goto(`${SITE}/desk/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await body(page).click();
  await page.keyboard.type(text);
  await saved(page);
  return postIdOf(page);
}

/** The article of a post page: what the preview must show exactly as the site does. */
async function article(page: Page, url: string) {
  const answer = await page.goto(url);
  return {
    status: answer?.status(),
    headers: answer?.headers(),
    html: await page.locator("article.post").innerHTML(),
  };
}

test("preview is the site's post page; publish, slug change, unpublish, delete", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page } = await desk.writer();
  const id = await draft(page, "Seen before readers", "Only the writer sees this yet.");

  // The preview, opened from the editor in a new tab.
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Preview" }).click(),
  ]);
  await preview.waitForLoadState("load");
  assert.equal(preview.url(), `${SITE}/desk/posts/${id}/preview`);
  const answer = (await preview.reload())!;
  assert.equal(answer.status(), 200);
  const headers = answer.headers();
  assert.equal(headers["cache-control"], "private, no-store");
  assert.equal(headers["x-robots-tag"], "noindex");
  assert.doesNotMatch(headers["content-security-policy"]!, /script-src/);
  assert.equal(await preview.locator("h1").innerText(), "Seen before readers");
  assert.match(await preview.locator(".prose").innerText(), /Only the writer sees this yet\./);
  assert.equal(await preview.locator("meta[name=robots]").getAttribute("content"), "noindex");
  assert.equal(await preview.locator("script[src]").count(), 0);
  // Readers do not see it.
  const hidden = await preview.goto(`${SITE}/@field-notes/seen-before-readers`);
  assert.equal(hidden?.status(), 404);

  await page.getByRole("button", { name: "Publish" }).click();
  await statusSays(page, /^Published\./);
  assert.equal(await page.getByRole("button", { name: "Save changes" }).isVisible(), true);
  assert.equal(await page.getByRole("button", { name: "Unpublish" }).isVisible(), true);
  // Published, the preview and the site show the same article, byte for byte.
  const onSite = await article(preview, `${SITE}/@field-notes/seen-before-readers`);
  assert.equal(onSite.status, 200);
  const previewed = await article(preview, `${SITE}/desk/posts/${id}/preview`);
  assert.equal(previewed.html, onSite.html);

  // A new slug: the old address redirects to the new one.
  await page.getByLabel("Slug").fill("seen-by-readers");
  await page.getByLabel("Slug").press("Tab");
  await page.getByRole("button", { name: "Save changes" }).click();
  await saved(page);
  const old = await desk.app.inject({ url: "/@field-notes/seen-before-readers" });
  assert.equal(old.statusCode, 308);
  assert.equal(old.headers.location, `${SITE}/@field-notes/seen-by-readers`);
  assert.equal(
    await page.getByRole("link", { name: "Read it on the site" }).getAttribute("href"),
    `${SITE}/@field-notes/seen-by-readers`,
  );

  await page.getByRole("button", { name: "Unpublish" }).click();
  await statusSays(page, /^Unpublished/);
  assert.equal(await page.locator("#post-state").innerText(), "Draft");
  assert.equal((await desk.app.inject({ url: "/@field-notes/seen-by-readers" })).statusCode, 404);

  // Delete asks first; keeping it changes nothing.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("button", { name: "Keep it" }).click();
  assert.ok(await desk.store.findPostById(id, { withContent: false }), "kept");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await Promise.all([
    page.waitForURL(`${SITE}/desk?deleted=1`),
    page.getByRole("button", { name: "Delete the post" }).click(),
  ]);
  assert.equal(await desk.store.findPostById(id, { withContent: false }), undefined);
  assert.equal(await page.getByRole("status").first().innerText(), "The post was deleted.");
});

test("a schedule in the writer's time zone, UTC shown, goes live at its time", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page } = await desk.writer({ timezoneId: "Asia/Tokyo" });
  const id = await draft(page, "Later today", "Not yet.");
  await page.getByRole("button", { name: "Schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule" });
  assert.match(await dialog.innerText(), /Asia\/Tokyo/);
  // Tokyo is UTC+9 (no summer time): the UTC line says the same instant.
  const at = new Date(Date.now() + 3 * 3600_000);
  at.setUTCSeconds(0, 0);
  const tokyo = new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
  await dialog.getByLabel(/Publish at, your time/).fill(tokyo);
  const utc = at.toISOString().slice(0, 16).replace("T", " ");
  assert.equal(await page.locator("#schedule-utc").innerText(), `That is ${utc} UTC.`);
  await dialog.getByRole("button", { name: "Schedule it" }).click();
  await statusSays(page, /^Scheduled for /);
  assert.match(
    await page.locator("#post-state").innerText(),
    new RegExp(`^Scheduled for .*\\(.*UTC\\)$`),
  );
  const stored = await desk.store.findPostById(id, { withContent: false });
  assert.equal(stored?.publishedAt, at.getTime());

  const url = "/@field-notes/later-today";
  assert.equal((await desk.app.inject({ url })).statusCode, 404, "not before its time");
  desk.clock.now = at.getTime() + 1000;
  assert.equal((await desk.app.inject({ url })).statusCode, 200, "live at its time");
});

test("the writer's list: drafts, scheduled and published with views; filter and search", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page } = await desk.writer();
  await draft(page, "A draft about herons", "Birds.");
  await page.goto(`${SITE}/desk`);
  const rows = page.locator(".desk-posts li");
  const all = await rows.allInnerTexts();
  assert.ok(all.some((r) => /A draft about herons/.test(r) && /Draft/.test(r)));
  assert.ok(
    all.some((r) => /Published · published .* · \d+ views?/.test(r)),
    "published posts with views",
  );

  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/status=draft/);
  const drafts = await rows.allInnerTexts();
  assert.ok(drafts.length > 0 && drafts.every((r) => /Draft/.test(r)), drafts.join("\n"));

  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Search").fill("HERON");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/q=HERON/);
  assert.deepEqual(
    (await rows.allInnerTexts()).map((r) => r.split("\n")[0]),
    ["A draft about herons"],
  );
  assert.match(await page.locator(".desk-count").innerText(), /1 post matching “HERON”/);
  await page.getByRole("link", { name: "A draft about herons" }).click();
  await page.waitForURL(/\/desk\/posts\//);
  assert.equal(
    await page.getByLabel("Title", { exact: true }).inputValue(),
    "A draft about herons",
  );
});
