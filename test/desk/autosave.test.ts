// Never lose a word, in Chromium: a draft saves itself after a pause in typing, with the ETag
// it was made on as If-Match; two tabs that both change a post end in a choice that keeps
// both texts (the one not kept on the post becomes a new draft); edits made offline are kept
// in the browser and saved when the connection returns, or, the tab closed meanwhile, taken
// up by the next visit (at once: the closing tab says it left; after a crash, once the copy
// has gone untouched long enough to be nobody's); leaving with unsaved work asks first.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { PostStore } from "../../src/store/post-store.js";
import { ABANDONED_MS } from "../../src/desk/editor-data.js";
import { body, openDesk, paced, postIdOf, saved, SITE, statusSays, storedPost } from "./writer.js";

const PUBLICATION = "pub_field";

async function textOf(store: PostStore, id: string): Promise<string> {
  return (await storedPost(store, id)).content?.markdown ?? "";
}

async function drafts(store: PostStore) {
  const page = await store.listOwnPosts({
    ...{ publicationId: PUBLICATION, status: "draft", limit: 100, withContent: true },
    now: Date.now(),
  });
  return page.posts;
}

/** Opens a new post, titles it, writes `text` and waits for the save: its id. */
async function newDraft(page: Page, title: string, text: string): Promise<string> {
  await page.goto(`${SITE}/desk/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await body(page).click();
  await page.keyboard.type(text);
  await saved(page);
  await page.waitForURL(/\/desk\/posts\/[^/]+$/);
  return postIdOf(page);
}

async function typeAtEnd(page: Page, text: string) {
  await body(page).click();
  await paced(page).press("Control+End");
  await page.keyboard.type(text);
}

test("drafts save while typing, each save with the ETag it was made on as If-Match", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page } = await desk.writer();
  const puts: (string | undefined)[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT") puts.push(r.headers()["if-match"]);
  });
  const id = await newDraft(page, "Saved as I type", "The first words.");
  assert.match(await textOf(desk.store, id), /The first words\./);
  await typeAtEnd(page, " And more.");
  await saved(page);
  assert.match(await textOf(desk.store, id), /The first words\. And more\./);
  assert.ok(puts.length >= 1, "the edit was saved by a PUT");
  assert.ok(
    puts.every((tag) => tag !== undefined && tag.startsWith('"')),
    "every save sent the ETag it was made on",
  );
  assert.equal(await page.locator("#post-state").innerText(), "Draft");
});

test("two tabs change one post: a clear choice, and both texts are kept", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page: first } = await desk.writer();
  const id = await newDraft(first, "Two tabs", "Shared start.");
  const second = await context.newPage();
  await second.goto(`${SITE}/desk/posts/${id}`);

  await typeAtEnd(first, " From the first tab.");
  await saved(first);
  // The second tab still holds the version before: its save is refused, and it asks.
  await typeAtEnd(second, " From the second tab.");
  const keepMine = second.getByRole("button", { name: "Keep mine (theirs becomes a copy)" });
  await keepMine.waitFor();
  assert.match(await second.locator("#conflict-theirs").innerText(), /“Two tabs”/);
  // Escape does not dodge the question.
  await second.keyboard.press("Escape");
  assert.equal(await keepMine.isVisible(), true);
  await keepMine.click();
  await statusSays(second, /^Your version is saved; theirs is a new draft/);
  const kept = await textOf(desk.store, id);
  assert.match(kept, /Shared start\. From the second tab\./);
  assert.doesNotMatch(kept, /first tab/);
  const theirs = (await drafts(desk.store)).find((p) => p.title === "Two tabs (their version)");
  assert.ok(theirs, "the first tab's text is a new draft");
  assert.match(theirs.content?.markdown ?? "", /Shared start\. From the first tab\./);

  // Now the first tab is behind: it chooses the server's text, and its own becomes a draft.
  await typeAtEnd(first, " Late words.");
  const showTheirs = first.getByRole("button", { name: "Show theirs (mine becomes a copy)" });
  await showTheirs.click();
  await statusSays(first, /^Showing their version; yours is a new draft/);
  assert.match(await body(first).innerText(), /From the second tab\./);
  assert.match(await textOf(desk.store, id), /From the second tab\./);
  const mine = (await drafts(desk.store)).find((p) => p.title === "Two tabs (my version)");
  assert.ok(mine, "the first tab's late text is a new draft");
  assert.match(mine.content?.markdown ?? "", /From the first tab\. Late words\./);
  // And the first tab goes on from the server's version without another conflict.
  await typeAtEnd(first, " Agreed.");
  await saved(first);
  assert.match(await textOf(desk.store, id), /From the second tab\. Agreed\./);
});

test("a post deleted in another tab: the words typed after are saved as a new draft", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page } = await desk.writer();
  const id = await newDraft(page, "Short-lived", "Kept words.");
  const other = await context.newPage();
  await other.goto(`${SITE}/desk/posts/${id}`);
  await other.getByRole("button", { name: "Delete", exact: true }).click();
  await Promise.all([
    other.waitForURL(`${SITE}/desk?deleted=1`),
    other.getByRole("button", { name: "Delete the post" }).click(),
  ]);
  await typeAtEnd(page, " Typed after.");
  await statusSays(page, /^Saved as a new draft/);
  const recovered = (await drafts(desk.store)).filter((p) => p.title === "Short-lived (recovered)");
  assert.equal(recovered.length, 1, "the text is a new draft");
  assert.match(recovered[0]!.content?.markdown ?? "", /Kept words\. Typed after\./);
  assert.match(
    await page.locator("#save-error").innerText(),
    /deleted elsewhere: your text is a new draft, open here/,
  );
  // The editor goes on in the new draft: later words are saved there, not in another copy.
  assert.equal(postIdOf(page), recovered[0]!.id);
  await typeAtEnd(page, " And on.");
  await saved(page);
  const now = (await drafts(desk.store)).filter((p) => p.title.startsWith("Short-lived"));
  assert.equal(now.length, 1);
  assert.match(await textOf(desk.store, recovered[0]!.id), /Typed after\. And on\./);
});

test("offline edits are kept in the browser and saved when the connection returns", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page } = await desk.writer();
  const id = await newDraft(page, "Offline", "Online words.");

  await context.setOffline(true);
  await typeAtEnd(page, " Words on a train.");
  await statusSays(page, /^Offline: your changes are kept in this browser/);
  const kept = (await page.evaluate(
    `Object.keys(localStorage).filter((k) => k.startsWith("folio-desk:${id}:")).map((k) => localStorage.getItem(k))`,
  )) as string[];
  assert.equal(kept.length, 1);
  assert.match(kept[0]!, /Words on a train\./);
  assert.doesNotMatch(await textOf(desk.store, id), /train/);

  await context.setOffline(false);
  await saved(page);
  assert.match(await textOf(desk.store, id), /Online words\. Words on a train\./);
  const left = await page.evaluate(
    `Object.keys(localStorage).filter((k) => k.startsWith("folio-desk:${id}:")).length`,
  );
  assert.equal(left, 0, "nothing is kept once the server has it");
});

test("leaving with unsaved work asks; the words come back on the next visit", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page } = await desk.writer();
  const id = await newDraft(page, "Closed tab", "Saved words.");

  await context.setOffline(true);
  await typeAtEnd(page, " Unsaved words.");
  await statusSays(page, /^Offline/);
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  assert.equal(await asked, "beforeunload");
  await closed;
  await context.setOffline(false);

  // At once, not after ABANDONED_MS: the tab said, as it went, that its copy is nobody's now.
  // A visit that waited on the clock instead missed it whenever it came too soon.
  const again = await context.newPage();
  await again.goto(`${SITE}/desk/posts/${id}`);
  await saved(again);
  assert.match(await body(again).innerText(), /Saved words\. Unsaved words\./);
  assert.match(await textOf(desk.store, id), /Saved words\. Unsaved words\./);
});

test("a crashed tab's copy is taken up by a visit already open, once it is nobody's", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { context, page } = await desk.writer();
  const id = await newDraft(page, "Crashed tab", "Saved words.");
  // What a tab that died without a word leaves: its copy, touched a moment ago, not marked as
  // left, so whether that tab is still open is known only once it has gone untouched too long.
  const touched = Date.now() - ABANDONED_MS + 4000;
  await page.evaluate(
    async ({ id, touched }) => {
      const post = (await (await fetch(`/desk/api/posts/${id}`)).json()) as { etag: string };
      const text = "Saved words. Words of a crashed tab.";
      const json = {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text }] }],
      };
      const body = { title: "Crashed tab", subtitle: "", categories: "", json };
      const kept = { tab: "crashed", touched, base: post.etag, body };
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      localStorage.setItem(`folio-desk:${id}:crashed`, JSON.stringify(kept));
    },
    { id, touched },
  );
  await page.goto(`${SITE}/desk`);

  const again = await context.newPage();
  await again.goto(`${SITE}/desk/posts/${id}`);
  await statusSays(again, /^Your unsaved changes from an earlier visit are back/);
  assert.ok(Date.now() - touched > ABANDONED_MS, "not taken up while its tab might be open");
  await saved(again);
  assert.match(await body(again).innerText(), /Saved words\. Words of a crashed tab\./);
  assert.match(await textOf(desk.store, id), /Words of a crashed tab\./);
});
