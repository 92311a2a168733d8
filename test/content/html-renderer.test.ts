// The HTML renderer against what Folio stored before it: TipTap's own static renderer
// (@tiptap/static-renderer's HTML string renderer, as the extensions' authors ship it), its
// output parsed again and sanitized by sanitize-html with Folio's allow-list (sanitize.ts).
// For every document the tests can reach, the two must write the same bytes, so stored HTML
// does not change with the renderer, and the allow-list decides as sanitize-html does.
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
import sanitize from "sanitize-html";
import { renderHtml } from "../../src/content/html.js";
import { normalizeDoc } from "../../src/content/normalize.js";
import { parseMarkdown } from "../../src/content/parse-markdown.js";
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_CLASS_PREFIXES,
  ALLOWED_TAGS,
  SELF_CLOSING,
  TRANSFORMS,
} from "../../src/content/sanitize.js";
import { extensions } from "../../src/content/schema.js";
import { LINK_SCHEMES, MEDIA_SCHEMES } from "../../src/content/url.js";
import { documents } from "./arbitraries.js";
import { allowListed, FIXTURES, fixture } from "./helpers.js";
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

/** The allow-list, as sanitize-html's options. */
const options: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_ATTRIBUTES).map(([tag, rules]) => [
      tag,
      Object.entries(rules).map(([name, values]) =>
        values === null ? name : { name, multiple: false, values: [...values] },
      ),
    ]),
  ),
  allowedClasses: Object.fromEntries(
    Object.entries(ALLOWED_CLASS_PREFIXES).map(([tag, prefixes]) => [
      tag,
      prefixes.map((prefix) => `${prefix}*`),
    ]),
  ),
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...MEDIA_SCHEMES] },
  allowProtocolRelative: true,
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
  selfClosing: [...SELF_CLOSING],
  transformTags: Object.fromEntries(
    Object.entries(TRANSFORMS).map(([tag, transform]) => [
      tag,
      (tagName: string, attribs: sanitize.Attributes) => ({ tagName, attribs: transform(attribs) }),
    ]),
  ),
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

function assertSame(doc: PMNode, label: string): void {
  assert.equal(renderHtml(doc), sanitize(reference({ content: doc }), options), label);
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

test("a mark's attributes and a node's escaped attributes come out as the references'", () => {
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

// The normalizer keeps most hostile values from the renderer, so the allow-list is also
// run alone: random elements, allowed and not, with hostile attributes, read from HTML as
// the renderer's specs would carry them, against sanitize-html reading the same HTML.
const VOID_TAGS = new Set(["br", "hr", "img", "input", "col"]);
const RAW_TEXT_TAGS = new Set(["script", "style", "textarea", "title"]);
// Children only of tags no opening tag implies the end of: the HTML reads as the tree it
// was written from, on both sides (a parser closes a <p> where a <div> opens, and so on).
const INLINE = new Set([
  // (an <a> closes an open one in htmlparser2 12, not in sanitize-html's 8)
  ...["strong", "em", "s", "u", "mark", "sub", "sup", "code", "span", "label"],
  ...["img", "br", "input", "b", "font", "script", "style", "textarea", "svg"],
]);
// No <iframe>: sanitize-html's own htmlparser2 (8) reads its content as markup, ours (12) as text.
const TAGS = [...ALLOWED_TAGS, "script", "style", "textarea", "svg", "b", "font", "option"];
const NAMES = [
  "href",
  "src",
  "title",
  "rel",
  "class",
  "style",
  "type",
  "start",
  "alt",
  "width",
  "data-type",
  "data-checked",
  "data-provider",
  "colwidth",
  "colspan",
  "checked",
  "disabled",
  "onclick",
  "target",
];
const VALUES = [
  "",
  "1",
  "a",
  "x",
  "true",
  "taskList",
  "taskItem",
  "embed",
  "checkbox",
  "language-ts evil",
  "language-js",
  "text-align: center; background: red",
  "width: 10px",
  "5,6",
  "https://example.org/a?b=1&c=2",
  "/relative",
  "//protocol.relative",
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,x",
  "mailto:a@b.c",
  "java<!--x-->script:alert(1)",
  '"><script>alert(1)</script>',
  "&amp;#106;avascript:alert(1)",
];
const escapeAttr = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const escapeBody = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Tree = { tag: string; attrs: [string, string][]; children: Tree[] } | string;
const { tree } = fc.letrec<{ tree: Tree }>((rec) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("text", "a & b", "<x>", '"q"', "é 😀"),
    fc.record({
      tag: fc.constantFrom(...TAGS),
      attrs: fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)), {
        maxLength: 4,
      }),
      children: fc.array(rec("tree"), { maxLength: 3 }),
    }),
  ),
}));

function html(node: Tree): string {
  if (typeof node === "string") return escapeBody(node);
  const attrs = node.attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join("");
  if (VOID_TAGS.has(node.tag)) return `<${node.tag}${attrs}>`;
  const inner = RAW_TEXT_TAGS.has(node.tag)
    ? "raw"
    : node.children
        .filter((c) => typeof c === "string" || INLINE.has(c.tag))
        .map(html)
        .join("");
  return `<${node.tag}${attrs}>${inner}</${node.tag}>`;
}

test("the allow-list alone decides as sanitize-html does (1,000 random element trees)", () => {
  fc.assert(
    fc.property(fc.array(tree, { minLength: 1, maxLength: 3 }), (trees) => {
      const input = trees.map(html).join("");
      assert.equal(allowListed(input), sanitize(input, options), input);
    }),
    { numRuns: 1000 },
  );
});
