// The editor in Chromium, as a writer uses it: signed in from an invite link, a new post
// written with every node and mark of the stored schema, by the keyboard (Markdown shortcuts,
// TipTap's keys) and by the toolbar, an image uploaded, then published; read back on the
// reader's site and through the API. What the server stored and shows is what it derives
// from the JSON the editor sent, and that JSON has nothing the server's schema lacks.
import assert from "node:assert/strict";
import { test } from "node:test";
import sharp from "sharp";
import type { JSONContent } from "@tiptap/core";
import { deriveContent } from "../../src/content/index.js";
import { schema } from "../../src/content/schema.js";
import { body, openDesk, paced, postIdOf, selected, SITE, statusSays, writesOf } from "./writer.js";

/** Every node and mark type the editor used, with a code block's languages. */
function typesIn(doc: JSONContent, into = new Set<string>()): Set<string> {
  if (doc.type !== undefined) into.add(doc.type);
  for (const mark of doc.marks ?? []) into.add(mark.type);
  for (const child of doc.content ?? []) typesIn(child, into);
  return into;
}

test("a post with every node and mark, written by keyboard and toolbar, published and read", async (t) => {
  const desk = await openDesk(t);
  if (desk === undefined) return;
  const { page, seen } = await desk.writer();
  const writes = writesOf(page);
  const key = paced(page);

  await page.getByRole("link", { name: "New post" }).click();
  await page.waitForURL(`${SITE}/desk/posts/new`);
  await page.waitForFunction(() => performance.getEntriesByName("desk:editor-ready").length > 0);
  await page.getByLabel("Title", { exact: true }).fill("Every kind of thing");
  await page.getByLabel("Subtitle").fill("A tour of the editor");
  await page.getByLabel("Categories").fill("tour, editor");
  const editor = body(page);
  await editor.click();

  // Markdown shortcuts and TipTap's keys.
  await key.type("## Marks of every kind");
  await key.press("Enter");
  const marked = async (keys: string, text: string) => {
    await key.press(keys);
    await key.type(text);
    await key.press(keys);
    await key.type(" ");
  };
  await key.type("Text ");
  await marked("Control+b", "bold");
  await marked("Control+i", "italic");
  await marked("Control+u", "underlined");
  await marked("Control+Shift+KeyS", "struck");
  await marked("Control+e", "code");
  await marked("Control+Shift+KeyH", "marked");
  await key.type("H");
  await marked("Control+,", "2");
  await key.type("O and E = mc");
  await marked("Control+.", "2");
  await key.type("and a link");
  for (let i = 0; i < 4; i++) await key.press("Shift+ArrowLeft");
  // As a writer would, look before pressing on: the editor has taken the selection up.
  await selected(page, "link");
  await key.press("Control+k");
  await page.getByLabel("Link address").fill("https://example.org/folio");
  await key.press("Enter");
  await page.waitForSelector(".desk-prose a[href='https://example.org/folio']");
  assert.equal(await page.locator(".desk-prose a").innerText(), "link");
  await key.press("End");
  await key.press("Enter");
  await key.type("### Lists");
  await key.press("Enter");
  await key.type("- one");
  await key.press("Enter");
  await key.type("two");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("1. first");
  await key.press("Enter");
  await key.type("second");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("[ ] a task to do");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("> A quotation.");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("```js ");
  await key.type("const answer = 1 < 2;");
  await key.press("Enter");
  await key.press("Enter");
  await key.press("Enter");
  await key.type("---");
  await key.type("After the rule.");
  await key.press("Enter");

  // The toolbar: a heading 4, a table, an embed (by its key) and an uploaded image. A press
  // leaves the focus in the text, so the keys that follow at once go there, not to the button.
  await page.evaluate(`document.querySelector("button[data-command=heading4]").addEventListener(
    "click", () => { globalThis.focusAtClick = document.activeElement.getAttribute("aria-label") },
    { once: true })`);
  await page.getByRole("button", { name: "Heading 4" }).click();
  assert.equal(await page.evaluate("globalThis.focusAtClick"), "Body");
  await key.type("From the toolbar");
  await key.press("Enter");
  await page.getByRole("button", { name: "Embed" }).click();
  await page.getByLabel("Address of the video or post").fill("https://www.youtube.com/watch?v=xyz");
  await page.getByLabel("Link text").fill("A video");
  await page.getByRole("button", { name: "Insert embed" }).click();
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const png = await sharp({
    create: { width: 900, height: 400, channels: 3, background: { r: 180, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.getByLabel("Upload a file").setInputFiles({
    ...{ name: "red.png", mimeType: "image/png", buffer: png },
  });
  await page.getByLabel("Description (alt text)").fill("A red field");
  await page.getByRole("button", { name: "Insert image" }).click();
  await page.waitForSelector(".desk-prose img[src*='/media/']");
  await page.getByRole("button", { name: "Table" }).click();
  await key.type("Name");
  await key.press("Tab");
  await key.type("Value");
  await key.press("Tab");
  await key.type("answer");
  await key.press("Tab");
  await key.type("42");
  assert.equal(await page.getByRole("button", { name: "Add row" }).isVisible(), true);

  // Word count and reading time follow the text.
  const stats = await page.locator("#stats").innerText();
  assert.match(stats, /^\d+ words · 1 min read$/);

  await page.getByRole("button", { name: "Publish" }).click();
  await statusSays(page, /^Published\./);
  const id = postIdOf(page);
  assert.equal(await page.locator("#post-state").innerText(), "Published");

  // The JSON the editor sent holds every node and mark of the stored schema, and nothing else.
  const lastJson = [...writes].reverse().find((w) => w.body.json !== undefined)!.body
    .json as JSONContent;
  const used = typesIn(lastJson);
  const all = new Set([...Object.keys(schema.nodes), ...Object.keys(schema.marks)]);
  for (const type of used)
    assert.ok(all.has(type), `the editor made ${type}, unknown to the server`);
  const expected = [...all].filter((type) => !["hardBreak", "text", "doc"].includes(type));
  assert.deepEqual(
    expected.filter((type) => !used.has(type)),
    [],
    "every node and mark of the schema was written",
  );
  const code = lastJson.content!.find((n) => n.type === "codeBlock");
  assert.equal(code?.attrs?.language, "js");

  // Through the API: what the server derives from that JSON, byte for byte.
  const api = await desk.app.inject({ url: `/v1/posts/${id}?includeContent=true` });
  assert.equal(api.statusCode, 200);
  const wire = api.json() as { staticHtml: string; json: string; title: string; slug: string };
  assert.equal(wire.title, "Every kind of thing");
  assert.equal(wire.staticHtml, deriveContent({ json: lastJson }).staticHtml);
  assert.equal(wire.json, deriveContent({ json: lastJson }).json);

  // On the reader's site.
  const reader = await desk.browser.newContext();
  t.after(() => reader.close());
  const site = await reader.newPage();
  const opened = await site.goto(`${SITE}/@field-notes/${wire.slug}`);
  assert.equal(opened?.status(), 200);
  assert.equal(await site.locator("h1").innerText(), "Every kind of thing");
  const prose = site.locator(".prose");
  for (const selector of [
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "mark",
    "sub",
    "sup",
    "a[href='https://example.org/folio']",
    "ul",
    "ol",
    "ul[data-type='taskList'] input[type='checkbox']",
    "blockquote",
    "pre code.language-js",
    "hr",
    "table th",
    "div[data-type='embed'] a[href='https://www.youtube.com/watch?v=xyz']",
    "img[alt='A red field'][srcset]",
  ]) {
    assert.ok((await prose.locator(selector).count()) > 0, `the site shows ${selector}`);
  }
  assert.deepEqual(seen.errors, [], "the editor logged no error");
});
