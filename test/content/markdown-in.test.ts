// Markdown in: what Folio's reader makes of Markdown that Folio itself
// wrote, or that a GFM reader reads otherwise. One test per class of misreading.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { deriveContent } from "../../src/content/index.js";

type Json = { type: string; attrs?: Record<string, unknown>; content?: Json[]; text?: string };
type Mark = { type: string; attrs?: Record<string, unknown> };

const read = (markdown: string) => JSON.parse(deriveContent({ markdown }).json) as Json;
const roundTrip = (doc: Json) =>
  JSON.parse(deriveContent({ markdown: deriveContent({ json: doc }).markdown }).json) as Json;

function all(node: Json, type: string): Json[] {
  const here = node.type === type ? [node] : [];
  return [...here, ...(node.content ?? []).flatMap((child) => all(child, type))];
}

const linkMarks = (doc: Json) =>
  all(doc, "text").flatMap((t) =>
    ((t as { marks?: Mark[] }).marks ?? []).filter((m) => m.type === "link"),
  );

test("a URL glued to a word is text: GFM autolinks need a boundary before them", () => {
  const doc = read("alphahttp://example.org/x and readwww.example.org and a@b.c.d");
  assert.deepEqual(
    linkMarks(doc).map((m) => m.attrs?.href),
    ["mailto:a@b.c.d"],
  );
  assert.equal(
    all(doc, "text")
      .map((t) => t.text)
      .join(""),
    "alphahttp://example.org/x and readwww.example.org and a@b.c.d",
  );
  // At a boundary they still are links, as GFM reads them.
  const linked = read("see http://example.org/x, (www.example.org) and *www.example.org*");
  assert.deepEqual(
    linkMarks(linked).map((m) => m.attrs?.href),
    ["http://example.org/x", "http://www.example.org", "http://www.example.org"],
  );
});

test("tabs in code spans and code blocks inside list items are code, kept as tabs", () => {
  assert.deepEqual(all(read("- item `a\tb`"), "text").at(-1)?.text, "a\tb");
  const block = all(read("- item\n\n  ```\n  \tx\n  ```"), "codeBlock")[0];
  assert.equal(block?.content?.[0]?.text, "\tx");
  const doc: Json = {
    type: "doc",
    content: [
      {
        type: "bulletList",
        content: [
          {
            type: "listItem",
            content: [
              { type: "paragraph", content: [{ type: "text", text: "i" }] },
              { type: "codeBlock", content: [{ type: "text", text: "\tx\n\t\ty" }] },
            ],
          },
        ],
      },
    ],
  };
  assert.equal(all(roundTrip(doc), "codeBlock")[0]?.content?.[0]?.text, "\tx\n\t\ty");
});

test("an image at the start of a list item is kept", () => {
  const images = all(read("- ![alt](https://example.org/i.png)\n- b"), "image");
  assert.deepEqual(
    images.map((i) => i.attrs),
    [{ src: "https://example.org/i.png", alt: "alt", title: null, width: null, height: null }],
  );
});

test("blanks ending the last list item add no paragraph, and survive a round trip", () => {
  const doc = read("- a\n- b \u00a0");
  assert.deepEqual(
    doc.content?.map((n) => n.type),
    ["bulletList"],
  );
  const nbsp: Json = {
    type: "doc",
    content: [
      {
        type: "bulletList",
        content: [
          {
            type: "listItem",
            content: [{ type: "paragraph", content: [{ type: "text", text: "b \u00a0" }] }],
          },
        ],
      },
    ],
  };
  assert.equal(all(roundTrip(nbsp), "text")[0]?.text, "b \u00a0");
});

test("a first row with a colspan keeps each column's alignment on its column", () => {
  const cell = (type: string, attrs: object, text: string): Json => ({
    type,
    attrs: { colspan: 1, rowspan: 1, align: null, ...attrs },
    content: [{ type: "paragraph", content: [{ type: "text", text }] }],
  });
  const doc: Json = {
    type: "doc",
    content: [
      {
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              cell("tableHeader", { colspan: 2, align: "right" }, "wide"),
              cell("tableHeader", { align: "center" }, "c"),
            ],
          },
          {
            type: "tableRow",
            content: [
              cell("tableCell", {}, "1"),
              cell("tableCell", {}, "2"),
              cell("tableCell", {}, "3"),
            ],
          },
        ],
      },
    ],
  };
  const header = all(roundTrip(doc), "tableHeader");
  assert.deepEqual(
    header.map((h) => h.attrs?.align),
    ["right", "right", "center"],
  );
});

test("a code span of only spaces keeps them all, as CommonMark reads it", () => {
  const codes = (markdown: string) =>
    all(read(markdown), "text")
      .filter((t) => ((t as { marks?: Mark[] }).marks ?? []).some((m) => m.type === "code"))
      .map((t) => t.text);
  assert.deepEqual(codes("a `   ` b"), ["   "]);
  assert.deepEqual(codes("| a`   `a | |\n| --- | --- |\n| a | |"), ["   "]);
  // Content that is not all spaces loses one space at each end, and unmatched runs are text.
  assert.deepEqual(codes("a ` x ` b and `` ` `` c"), ["x", "`"]);
  assert.deepEqual(codes("a `   `` b"), []);
  // Folio's own Markdown of a table cell whose code held a line break reads back as written.
  const cell = (text: string) => ({
    type: "tableCell",
    content: [{ type: "paragraph", content: [{ type: "text", text, marks: [{ type: "code" }] }] }],
  });
  const table = { type: "table", content: [{ type: "tableRow", content: [cell("  \n")] }] };
  const back = roundTrip({ type: "doc", content: [table] });
  assert.deepEqual(
    all(back, "text").map((t) => t.text),
    ["   "],
  );
});
