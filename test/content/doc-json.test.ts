// The stored JSON is written by one walk (doc-json.ts); it must be the very bytes
// JSON.stringify(doc.toJSON()) makes, for every document the normalizer can build.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { readdirSync } from "node:fs";
import fc from "fast-check";
import type { Node as PMNode } from "@tiptap/pm/model";
import { docJson } from "../../src/content/doc-json.js";
import { normalizeDoc } from "../../src/content/normalize.js";
import { parseMarkdown } from "../../src/content/parse-markdown.js";
import { documents } from "./arbitraries.js";
import { FIXTURES, fixture } from "./helpers.js";
import { corpus } from "./xss-corpus.js";

const reference = (doc: PMNode) => JSON.stringify(doc.toJSON());

test("the fixtures and the XSS corpus are stored as ProseMirror's own JSON", () => {
  const docs: [string, PMNode][] = [
    ["kitchen-sink.json", normalizeDoc(JSON.parse(fixture("kitchen-sink.json"))).doc],
    ["kitchen-sink.md", normalizeDoc(parseMarkdown(fixture("kitchen-sink.md")), "markdown").doc],
  ];
  for (const dir of ["golden/", "markdown/"]) {
    for (const name of readdirSync(new URL(dir, FIXTURES))) {
      const text = fixture(`${dir}${name}`);
      if (name.endsWith(".json")) docs.push([name, normalizeDoc(JSON.parse(text)).doc]);
      if (name.endsWith(".md"))
        docs.push([name, normalizeDoc(parseMarkdown(text), "markdown").doc]);
    }
  }
  for (const [name, source] of corpus) {
    const built =
      "markdown" in source
        ? normalizeDoc(parseMarkdown(source.markdown), "markdown")
        : normalizeDoc(source.json);
    docs.push([name, built.doc]);
  }
  assert.ok(docs.length > 60, "the fixtures are there");
  for (const [name, doc] of docs) assert.equal(docJson(doc), reference(doc), name);
});

test("text and attributes JSON must escape come out escaped as JSON.stringify escapes them", () => {
  const odd = 'quote " backslash \\ tab \t newline \n U+2028 \u2028 NUL-free ☃ 😀 </script>';
  const { doc } = normalizeDoc({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: odd }] },
      {
        type: "paragraph",
        content: [
          {
            type: "text",
            text: odd,
            marks: [{ type: "link", attrs: { href: `https://example.com/"${odd}`, title: odd } }],
          },
        ],
      },
      { type: "codeBlock", attrs: { language: 'js"\\' }, content: [{ type: "text", text: odd }] },
      { type: "image", attrs: { src: "https://example.com/a.png", alt: odd } },
    ],
  });
  assert.equal(docJson(doc), reference(doc));
  const parsed = JSON.parse(docJson(doc)) as { content: { content: { text: string }[] }[] };
  assert.equal(parsed.content[0]!.content[0]!.text, odd);
});

test("random documents are stored as ProseMirror's own JSON (500 runs)", () => {
  fc.assert(
    fc.property(documents, (raw) => {
      const { doc } = normalizeDoc(raw);
      assert.equal(docJson(doc), reference(doc));
    }),
    { numRuns: 500 },
  );
});
