// The HTML renderer against TipTap's own static renderer (@tiptap/static-renderer's HTML
// string renderer, as the extensions' authors ship it): for every document the tests can
// reach, the two must write the same bytes, so stored HTML does not change with the renderer.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { readdirSync } from "node:fs";
import fc from "fast-check";
import { getAttributesFromExtensions, resolveExtensions, splitExtensions } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import {
  domOutputSpecToHTMLString,
  mapMarkExtensionToReactNode,
  mapNodeExtensionToReactNode,
} from "@tiptap/static-renderer/pm/html-string";
import { renderJSONContentToString, type NodeProps } from "@tiptap/static-renderer";
import { renderHtml } from "../../src/content/html.js";
import { normalizeDoc } from "../../src/content/normalize.js";
import { parseMarkdown } from "../../src/content/parse-markdown.js";
import { extensions } from "../../src/content/schema.js";
import { documents } from "./arbitraries.js";
import { FIXTURES, fixture } from "./helpers.js";
import { corpus } from "./xss-corpus.js";

const resolved = resolveExtensions(extensions);
const attributes = getAttributesFromExtensions(resolved);
const { nodeExtensions, markExtensions } = splitExtensions(resolved);
const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Props = NodeProps<PMNode, string | string[]>;
const reference = renderJSONContentToString<PMNode["marks"][number], PMNode>({
  nodeMapping: {
    ...Object.fromEntries(
      nodeExtensions.map((ext) =>
        mapNodeExtensionToReactNode(domOutputSpecToHTMLString, ext, attributes),
      ),
    ),
    doc: ({ children }: Props) => (Array.isArray(children) ? children.join("") : (children ?? "")),
    text: ({ node }: Props) => escape(node.text ?? ""),
  },
  markMapping: Object.fromEntries(
    markExtensions.map((ext) =>
      mapMarkExtensionToReactNode(domOutputSpecToHTMLString, ext, attributes),
    ),
  ),
});

function assertSame(doc: PMNode, label: string): void {
  assert.equal(renderHtml(doc), reference({ content: doc }), label);
}

const markdownOf = (dir: string) =>
  readdirSync(new URL(dir, FIXTURES))
    .filter((name) => name.endsWith(".md"))
    .map((name) => [`${dir}${name}`, fixture(`${dir}${name}`)] as const);

test("the fixtures render as TipTap's static renderer renders them", () => {
  const sink = normalizeDoc(JSON.parse(fixture("kitchen-sink.json"))).doc;
  assertSame(sink, "kitchen-sink.json");
  const golden = readdirSync(new URL("golden/", FIXTURES)).filter((n) => n.endsWith(".json"));
  assert.ok(golden.length >= 20, "the golden cases are there");
  for (const name of golden) {
    assertSame(normalizeDoc(JSON.parse(fixture(`golden/${name}`))).doc, `golden/${name}`);
  }
  const markdown = [...markdownOf(""), ...markdownOf("markdown/"), ...markdownOf("golden/")];
  assert.ok(markdown.length >= 20, "the Markdown fixtures are there");
  for (const [name, text] of markdown) {
    assertSame(normalizeDoc(parseMarkdown(text), "markdown").doc, name);
  }
});

test("the XSS corpus renders as TipTap's static renderer renders it", () => {
  for (const [name, source] of corpus) {
    const doc =
      "markdown" in source
        ? normalizeDoc(parseMarkdown(source.markdown), "markdown").doc
        : normalizeDoc(source.json).doc;
    assertSame(doc, name);
  }
});

test("random documents render as TipTap's static renderer renders them (500 runs)", () => {
  fc.assert(
    fc.property(documents, (json) => {
      assertSame(normalizeDoc(json).doc, JSON.stringify(json));
    }),
    { numRuns: 500 },
  );
});

test("a mark's attributes and a node's escaped attributes come out as the reference's", () => {
  const json = {
    type: "doc",
    content: [
      {
        type: "paragraph",
        attrs: { textAlign: "center" },
        content: [
          {
            type: "text",
            text: 'a "quoted" <b> & c',
            marks: [
              { type: "link", attrs: { href: 'https://e.org/?a="1"&b=<2>', title: 't & "q"' } },
              { type: "bold" },
              { type: "highlight", attrs: { color: "#ff0" } },
            ],
          },
        ],
      },
      {
        type: "image",
        attrs: { src: "https://e.org/i.png", alt: 'x" onerror="y', width: 640, height: 480 },
      },
      { type: "embed", attrs: { url: "https://v.example/1", provider: "video site" } },
    ],
  };
  const doc = normalizeDoc(json).doc;
  const html = renderHtml(doc);
  assert.match(html, /&quot;/, "quotes in attributes are escaped");
  assert.doesNotMatch(html, / onerror="/, "an attribute's value cannot open another");
  assertSame(doc, "hand-made attributes");
});
