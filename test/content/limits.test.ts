// The work one document may cost is bounded, and a document past a
// limit is a ContentError naming where (the import reports `line N: field: reason`).
import { test, type TestContext } from "node:test";
import { strict as assert } from "node:assert";
import { ContentError, deriveContent, type ContentSource } from "../../src/content/index.js";
import { LIMITS } from "../../src/content/limits.js";
import { formatRejection, importNdjson } from "../../src/import/run-import.js";
import { ndjson } from "../helpers/fixtures.js";
import { sqliteFactory } from "../helpers/stores.js";

function refused(source: ContentSource): ContentError {
  try {
    deriveContent(source);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  assert.fail("the document was accepted");
}

/** Runs `body` with some limits lowered, so the tests need no huge documents. */
const ORIGINAL = { ...LIMITS };
function withLimits(t: TestContext, lower: Partial<typeof LIMITS>) {
  Object.assign(LIMITS, lower);
  t.after(() => Object.assign(LIMITS, ORIGINAL));
}

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const cell = (attrs: object) => ({ type: "tableCell", attrs, content: [paragraph("x")] });
const table = (...rows: object[][]) => ({
  type: "table",
  content: rows.map((content) => ({ type: "tableRow", content })),
});

test('the issue\'s "a\\n\\n" × 1 MiB is refused while it is read, at its real size', () => {
  const error = refused({ markdown: "a\n\n".repeat((1024 * 1024) / 3) });
  assert.equal(error.path, "markdown");
  assert.equal(error.message, "the document has more than 250,000 nodes (the limit)");
});

test("sources over their size are refused before they are parsed", (t) => {
  withLimits(t, { markdownChars: 1000, jsonChars: 1000 });
  const md = refused({ markdown: "x".repeat(1001) });
  assert.deepEqual(
    [md.path, md.message],
    ["markdown", "the Markdown has 1,001 characters, over the limit of 1,000"],
  );
  assert.equal(
    refused({ json: JSON.stringify({ type: "doc", content: [paragraph("x".repeat(1000))] }) }).path,
    "json",
  );
  deriveContent({ markdown: "x".repeat(1000) }); // at the limit: accepted
  withLimits(t, { markdownLines: 3 });
  assert.equal(
    refused({ markdown: "a\nb\nc\nd" }).message,
    "the Markdown has 4 lines, over the limit of 3",
  );
  deriveContent({ markdown: "a\nb\nc" });
});

test("text over its size is refused at the text node that crosses the limit", (t) => {
  withLimits(t, { textChars: 10 });
  const error = refused({
    json: { type: "doc", content: [paragraph("12345"), paragraph("123456")] },
  });
  assert.equal(error.path, "json.content[1].content[0]");
});

test("a document over the node limit is refused at the node that crosses it", (t) => {
  withLimits(t, { nodes: 7 });
  // doc, then 3 × (paragraph, text) = 7 nodes: accepted; one more paragraph is not.
  deriveContent({
    json: { type: "doc", content: [paragraph("a"), paragraph("b"), paragraph("c")] },
  });
  const content = [paragraph("a"), paragraph("b"), paragraph("c"), paragraph("d")];
  const error = refused({ json: { type: "doc", content } });
  assert.match(error.path, /^json\.content\[\d\]/);
  assert.equal(error.message, "the document has more than 7 nodes (the limit)");
  assert.equal(refused({ markdown: "a\n\nb\n\nc\n\nd\n\ne" }).path, "markdown");
});

test("table cells count once colspans and rowspans are written out", (t) => {
  withLimits(t, { tableCells: 2000 });
  // 2 rows × (2 cells spanning 1000 columns) = 2 × 2000 cells once expanded
  const wide = table([cell({ colspan: 1000 }), cell({ colspan: 1000 })], [cell({})]);
  const error = refused({ json: { type: "doc", content: [paragraph("before"), wide] } });
  assert.equal(error.path, "json.content[1]");
  assert.match(
    error.message,
    /^tables have 4,000 cells once colspans and rowspans are written out/,
  );
  // a rowspan lengthens the table: 2 columns × 1001 rows
  const tall = table(
    [cell({ rowspan: 1000 }), cell({})],
    [cell({ rowspan: 1000 }), cell({})],
    [cell({})],
  );
  assert.match(
    refused({ json: { type: "doc", content: [tall] } }).message,
    /^tables have 2,002 cells/,
  );
  deriveContent({
    json: { type: "doc", content: [table([cell({ colspan: 1000 }), cell({ colspan: 1000 })])] },
  });
});

test("derived Markdown and HTML over their size are refused", (t) => {
  withLimits(t, { derivedChars: 100 });
  // 30 tabs: 30 characters of HTML, but 120 of Markdown (each written &#9;)
  const tabs = refused({ json: { type: "doc", content: [paragraph("\t".repeat(30))] } });
  assert.deepEqual(
    [tabs.path, tabs.message],
    ["json", "the derived Markdown has 120 characters, over the limit of 100"],
  );
  const amps = refused({ json: { type: "doc", content: [paragraph("&".repeat(30))] } });
  assert.match(amps.message, /^the derived HTML/);
});

test("the import names the line and field of a document past a limit and writes nothing", async (t) => {
  const made = await sqliteFactory.create();
  t.after(() => made.dispose());
  const pub = { type: "publication", id: "p1", slug: "pub", name: "Pub" };
  const post = { type: "post", id: "x1", publicationId: "p1", slug: "s1", title: "T" };
  const summary = await importNdjson(
    made.store,
    ndjson([pub, { ...post, markdown: "a\n\n".repeat(200_000) }]),
  );
  assert.equal(summary.committed, false);
  assert.equal(
    formatRejection(summary.rejections[0]!),
    "line 2: markdown: the document has more than 250,000 nodes (the limit)",
  );
  assert.equal(await made.store.countPosts(), 0);
});
