// Fidelity properties over random documents (arbitraries.ts):
// - an independent GFM reader (micromark) reads Folio's Markdown as the document,
//   as far as Markdown can hold it (canonical.ts), and so does Folio's own reader;
// - Folio's HTML is TipTap's own generateHTML after normalization, except for the
//   documented sanitization (html-compare.ts).
import { test } from "node:test";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { deriveContent } from "../../src/content/index.js";
import { documents } from "./arbitraries.js";
import { canonical, expressible, normalized } from "./canonical.js";
import { readGfm, type Json } from "./gfm-reader.js";
import { editorHtml, comparableHtml } from "./html-compare.js";

const RUNS = Number(process.env.FIDELITY_RUNS ?? 200);

/**
 * GFM readers disagree on `\\|` in a table cell: cmark-gfm (and Folio) take the `|` as
 * escaped, micromark takes `\\\\` as an escaped backslash and splits the cell there. A code
 * span cannot escape its backslash, so such a cell has no Markdown all readers agree on.
 */
function backslashPipeInCellCode(node: Json, inCell = false): boolean {
  const cell = inCell || node.type === "tableCell" || node.type === "tableHeader";
  if (cell && node.text?.includes("\\|") && node.marks?.some((m) => m.type === "code")) return true;
  return (node.content ?? []).some((c) => backslashPipeInCellCode(c, cell));
}

/** Both readers read Folio's Markdown of `doc` as the document, and reading is stable. */
function readsBack(doc: unknown): void {
  const out = deriveContent({ json: doc });
  const expected = canonical(normalized(expressible(JSON.parse(out.json) as Json)));
  const gfm = canonical(normalized(readGfm(out.markdown)));
  assert.deepEqual(gfm, expected, `micromark on:\n${out.markdown}`);
  const folio = canonical(JSON.parse(deriveContent({ markdown: out.markdown }).json) as Json);
  assert.deepEqual(folio, expected, `Folio on:\n${out.markdown}`);
  // Markdown → document → Markdown is stable once read (the first trip from JSON may
  // normalize: marks move off blanks, so their order can settle differently).
  const again = deriveContent({ markdown: out.markdown }).markdown;
  assert.equal(deriveContent({ markdown: again }).markdown, again);
}

/** Folio's HTML of `doc` is the editor's HTML of `reference` (the stored form by default). */
function editorsHtml(doc: unknown, reference?: Json): void {
  const out = deriveContent({ json: doc });
  const stored = JSON.parse(out.json) as Json;
  // An empty document is "" (docs/content.md), where the editor has <p></p>.
  if (out.staticHtml === "") return assert.equal(out.markdown, "");
  assert.deepEqual(
    comparableHtml(out.staticHtml),
    comparableHtml(editorHtml(reference ?? stored)),
    out.json,
  );
}

test(`a GFM reader and Folio's reader read Folio's Markdown as the document (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(documents, (doc) => {
      fc.pre(!backslashPipeInCellCode(normalized(doc as Json)));
      readsBack(doc);
    }),
    { numRuns: RUNS },
  );
});

test(`Folio's HTML is the editor's own HTML but for documented sanitization (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(documents, (doc) => editorsHtml(doc)),
    { numRuns: RUNS },
  );
});

// Shapes a corpus of real documents once found diverging, kept whatever the generator reaches.
// Each is valid as written, so the editor's HTML of the document itself is the reference.
const t = (text: string, marks?: { type: string }[]): Json => ({
  type: "text",
  text,
  ...(marks && { marks }),
});
const p = (...content: Json[]): Json => ({ type: "paragraph", content });
const item = (type: string, ...content: Json[]): Json => ({
  type,
  ...(type === "taskItem" && { attrs: { checked: false } }),
  content,
});
const list = (type: string, ...items: Json[]): Json => ({ type, content: items });
const cellDoc = (...content: Json[]): Json => ({
  type: "doc",
  content: [
    {
      type: "table",
      content: [{ type: "tableRow", content: [{ type: "tableCell", content }] }],
    },
  ],
});
const code = (text: string): Json => ({ type: "codeBlock", content: [t(text)] });
const embed = (provider: string): Json => ({
  type: "doc",
  content: [
    { type: "embed", attrs: { url: "https://example.org/v/1", provider, title: "Launch" } },
    p(t("after")),
  ],
});
const known: [string, Json][] = [
  ...[
    ["bulletList", "listItem"],
    ["orderedList", "listItem"],
    ["taskList", "taskItem"],
  ].flatMap(([l, i]): [string, Json][] => [
    [`empty ${i} then a paragraph`, { type: "doc", content: [list(l!, item(i!, p())), p(t("x"))] }],
    [
      `empty ${i} after another, then a paragraph`,
      { type: "doc", content: [list(l!, item(i!, p(t("a"))), item(i!, p())), p(t("x"))] },
    ],
    [
      `empty ${i} holding a paragraph, then a paragraph`,
      { type: "doc", content: [list(l!, item(i!, p(), p(t("y")))), p(t("x"))] },
    ],
    [
      `blank ${i} then a paragraph`,
      { type: "doc", content: [list(l!, item(i!, p(t(" ")))), p(t("x"))] },
    ],
  ]),
  ["a space after a code block in a cell", cellDoc(code("c"), p(t(" ")))],
  ["a space between a code block and text in a cell", cellDoc(code("c"), p(t(" ")), p(t("d")))],
  [
    "a space and code after a code block in a cell",
    cellDoc(code("c"), p(t(" "), t("d", [{ type: "code" }]))),
  ],
  [
    "an empty first paragraph before an embed in an item",
    {
      type: "doc",
      content: [list("bulletList", item("listItem", p(), embed("x").content![0]!))],
    },
  ],
  [
    "three lists of one family apart across an empty paragraph",
    {
      type: "doc",
      content: [
        list("bulletList", item("listItem", p())),
        list("taskList", item("taskItem", p())),
        p(),
        list("bulletList", item("listItem", p())),
      ],
    },
  ],
  [
    "line endings before a hard break after an empty first paragraph in an item",
    {
      type: "doc",
      content: [
        list("bulletList", item("listItem", p(), p(t("a\n\n"), { type: "hardBreak" }, t("a")))),
      ],
    },
  ],
  ["an embed provider with a space", embed("Apple Music")],
  ["an embed provider with spaces and punctuation", embed("Google Maps (beta)")],
];

test("documents once found diverging read back and render as the editor's", async (ctx) => {
  for (const [name, doc] of known) {
    await ctx.test(name, () => {
      readsBack(doc);
      editorsHtml(doc, doc);
    });
  }
});
