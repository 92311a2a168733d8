// Markdown out: what a GFM reader (micromark, see gfm-reader.ts) and Folio's
// own reader make of Folio's Markdown must be the document, for each class that was not.
import { once } from "node:events";
import { test } from "node:test";
import { Worker } from "node:worker_threads";
import { strict as assert } from "node:assert";
import { deriveContent } from "../../src/content/index.js";
import { canonical, expressible, normalized } from "./canonical.js";
import { readGfm, type Json } from "./gfm-reader.js";

const CONTENT = new URL("../../src/content/index.js", import.meta.url).href;

/** The document's Markdown, derived on a worker stopped (and failing) after `ms`. */
async function deriveWithin(ms: number, json: Json): Promise<string> {
  const code = `const { parentPort, workerData } = require("node:worker_threads");
    import(workerData.module).then((m) =>
      parentPort.postMessage(m.deriveContent({ json: workerData.json }).markdown));`;
  const worker = new Worker(code, { eval: true, workerData: { module: CONTENT, json } });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not derived within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([once(worker, "message").then(([m]) => m as string), late]);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

const t = (text: string, marks: Json["marks"] = []): Json => ({ type: "text", text, marks });
const p = (...content: Json[]): Json => ({ type: "paragraph", content });
const doc = (...content: Json[]): Json => ({ type: "doc", content });
const link = (href: string, title: string | null = null) => ({
  type: "link",
  attrs: { href, title },
});
const image = (src: string, title: string | null = null): Json => ({
  type: "image",
  attrs: { src, alt: "alt", title },
});
const tableOf = (...cells: Json[][]): Json => ({
  type: "table",
  content: [
    { type: "tableRow", content: [{ type: "tableHeader", content: [p(t("h"))] }] },
    ...cells.map((content) => ({
      type: "tableRow",
      content: [{ type: "tableCell", content }],
    })),
  ],
});

/** Both readers see the document (what Markdown can hold of it) in Folio's Markdown. */
function assertReadBack(source: Json) {
  const markdown = deriveContent({ json: source }).markdown;
  const expected = canonical(normalized(expressible(normalized(source))));
  const gfm = canonical(normalized(readGfm(markdown)));
  assert.deepEqual(gfm, expected, `GFM reader on:\n${markdown}`);
  const folio = canonical(JSON.parse(deriveContent({ markdown }).json) as Json);
  assert.deepEqual(folio, expected, `Folio's reader on:\n${markdown}`);
}

test("an empty task item is read as a task item", () => {
  const item = (checked: boolean, ...content: Json[]) => ({
    type: "taskItem",
    attrs: { checked },
    content,
  });
  assertReadBack(doc({ type: "taskList", content: [item(false, p()), item(true, p(t("b")))] }));
  assertReadBack(doc({ type: "taskList", content: [item(true, p())] }));
});

test("an item whose first paragraph is empty keeps the block that follows it", () => {
  const heading = { type: "heading", attrs: { level: 2 }, content: [t("heading")] };
  const rule = { type: "horizontalRule" };
  const code = { type: "codeBlock", content: [t("x")] };
  for (const block of [heading, rule, code, { type: "blockquote", content: [p(t("q"))] }]) {
    assertReadBack(
      doc({
        type: "taskList",
        content: [{ type: "taskItem", attrs: { checked: true }, content: [p(), block] }],
      }),
    );
    for (const type of ["bulletList", "orderedList"]) {
      assertReadBack(
        doc({
          type,
          content: [
            { type: "listItem", content: [p(), block] },
            { type: "listItem", content: [p(t("next"))] },
          ],
        }),
      );
    }
  }
});

test("a | in a link title or URL inside a table cell stays in its cell", () => {
  assertReadBack(
    doc(tableOf([p(t("x", [link("/u", "a|b")]), t(" y"))], [p(t("z", [link("/u?a|b")]))])),
  );
});

test("entity-like text in link titles and URLs reads back as written", () => {
  assertReadBack(
    doc(
      p(t("AT&amp;T", [link("https://example.org/?a=1&amp;b=2&lt;", "AT&amp;T &#38; &copy;")])),
      p(t("x", [link("https://example.org/a b&amp;c", "t")])),
      image("https://example.org/i.png?a&amp;b", "&lt;title&gt;"),
    ),
  );
});

test("an image inside a table cell is kept", () => {
  assertReadBack(
    doc(tableOf([p(t("a")), image("https://example.org/i.png", "t")], [image("/j.png")])),
  );
});

// Each list asks whether its items' blocks are written before writing them; without each
// block written once, every level of nesting doubled the work, and a 48-deep list (within
// the depth limit) held the event loop for hours. It is derived on a worker the test can
// stop, so that a regression fails here instead of hanging the suite.
test("lists nested to the depth limit are written in one pass", async () => {
  const LEVELS = 48;
  let node: Json = p(t("leaf"));
  for (let level = 0; level < LEVELS; level++) {
    node = {
      type: "bulletList",
      content: [{ type: "listItem", content: [{ type: "paragraph" }, node] }],
    };
  }
  const markdown = await deriveWithin(10_000, doc(node));
  const lines = markdown.split("\n");
  assert.equal(lines.length, LEVELS + 2, "a marker line per level, a blank, then the leaf");
  assert.equal(lines.at(-1)!.trim(), "leaf");
  assertReadBack(doc(node));
});
