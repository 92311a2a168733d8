// Golden fixtures: one JSON document per node and mark type, with the exact
// HTML and Markdown it must produce. A changed output fails here; if the change
// is intended, update the fixture and bump RENDERER_VERSION.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { readdirSync } from "node:fs";
import { deriveContent, RENDERER_VERSION } from "../../src/content/index.js";
import { FIXTURES, fixture } from "./helpers.js";

const cases = readdirSync(new URL("golden/", FIXTURES))
  .filter((name) => name.endsWith(".json"))
  .map((name) => name.slice(0, -".json".length));

test("there is a golden case for every node and mark type", () => {
  const expected = [
    "paragraph",
    "heading",
    "bold",
    "italic",
    "strike",
    "code",
    "link",
    "underline",
    "highlight",
    "subscript",
    "superscript",
    "bullet-list",
    "ordered-list",
    "blockquote",
    "code-block",
    "hard-break",
    "horizontal-rule",
    "image",
    "table",
    "task-list",
    "embed",
  ];
  for (const name of expected) assert.ok(cases.includes(name), `missing golden case ${name}`);
});

for (const name of cases) {
  test(`golden ${name}: JSON → HTML and Markdown`, () => {
    const out = deriveContent({ json: fixture(`golden/${name}.json`) });
    assert.equal(out.staticHtml, fixture(`golden/${name}.html`).trimEnd());
    assert.equal(out.markdown, fixture(`golden/${name}.md`).trimEnd());
    assert.equal(out.rendererVersion, RENDERER_VERSION);
    assert.deepEqual(out.unknownTypes, {});
  });
}

test("kitchen sink renders to its saved HTML and Markdown", () => {
  const out = deriveContent({ json: JSON.parse(fixture("kitchen-sink.json")) as unknown });
  assert.equal(out.staticHtml, fixture("kitchen-sink.html").trimEnd());
  assert.equal(out.markdown, fixture("kitchen-sink.md").trimEnd());
});

test("kitchen sink uses every node and mark type of the schema", () => {
  const json = fixture("kitchen-sink.json");
  const types = new Set([...json.matchAll(/"type": "(\w+)"/g)].map((m) => m[1]));
  for (const type of [
    "doc",
    "paragraph",
    "text",
    "heading",
    "bold",
    "italic",
    "strike",
    "code",
    "link",
    "bulletList",
    "orderedList",
    "listItem",
    "blockquote",
    "codeBlock",
    "hardBreak",
    "horizontalRule",
    "underline",
    "highlight",
    "subscript",
    "superscript",
    "image",
    "table",
    "tableRow",
    "tableHeader",
    "tableCell",
    "taskList",
    "taskItem",
    "embed",
  ]) {
    assert.ok(types.has(type), `kitchen sink lacks ${type}`);
  }
});

test("RENDERER_VERSION is the real renderer", () => {
  assert.equal(RENDERER_VERSION, 4);
});

test("an empty document renders to empty HTML and Markdown", () => {
  for (const json of [
    { type: "doc" },
    { type: "doc", content: [] },
    '{"type":"doc","content":[{"type":"paragraph"}]}',
  ]) {
    const out = deriveContent({ json });
    assert.equal(out.staticHtml, "");
    assert.equal(out.markdown, "");
  }
  assert.equal(deriveContent({ markdown: "" }).staticHtml, "");
});

test("json output is the normalized document and derives the same outputs again", () => {
  const first = deriveContent({ json: fixture("kitchen-sink.json") });
  const again = deriveContent({ json: first.json });
  assert.equal(again.json, first.json);
  assert.equal(again.staticHtml, first.staticHtml);
  assert.equal(again.markdown, first.markdown);
});
