// Property: any valid document renders to well-formed HTML that keeps all its text.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { deriveContent } from "../../src/content/index.js";
import { inspectHtml } from "./helpers.js";

type Json = { type: string; attrs?: object; content?: Json[]; text?: string; marks?: object[] };

const RUNS = 500;
const char = fc.constantFrom(..."ab Z09<>&\"'*_[]\\`#|~!-=.:/\t\n".split(""), "é", "😀");
const text = fc.string({ unit: char, minLength: 1, maxLength: 12 });
const markNames = [
  "bold",
  "italic",
  "strike",
  "code",
  "underline",
  "highlight",
  "subscript",
  "superscript",
];
const marks = fc
  .tuple(fc.subarray(markNames), fc.boolean())
  .map(([names, linked]) => [
    ...names.map((type) => ({ type })),
    ...(linked ? [{ type: "link", attrs: { href: "https://example.com/?a=1&b=<2>" } }] : []),
  ]);
const textNode = fc.record({ type: fc.constant("text"), text, marks });
const inline = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: textNode },
    { weight: 1, arbitrary: fc.constant({ type: "hardBreak" }) },
  ),
  {
    maxLength: 6,
  },
);

const { block } = fc.letrec<{ block: Json; item: Json }>((tie) => ({
  block: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    inline.map((content) => ({ type: "paragraph", content })),
    fc
      .tuple(fc.integer({ min: 1, max: 6 }), inline)
      .map(([level, content]) => ({ type: "heading", attrs: { level }, content })),
    fc.tuple(text, fc.constantFrom(null, "ts", "c++")).map(([code, language]) => ({
      type: "codeBlock",
      attrs: { language },
      content: [{ type: "text", text: code }],
    })),
    fc
      .array(tie("block"), { minLength: 1, maxLength: 3 })
      .map((content) => ({ type: "blockquote", content })),
    fc
      .tuple(
        fc.constantFrom("bulletList", "orderedList"),
        fc.array(tie("item"), { minLength: 1, maxLength: 3 }),
      )
      .map(([type, content]) => ({ type, content })),
  ),
  item: fc.tuple(inline, fc.array(tie("block"), { maxLength: 2 })).map(([first, rest]) => ({
    type: "listItem",
    content: [{ type: "paragraph", content: first }, ...rest],
  })),
}));
const documents = fc
  .array(block, { minLength: 1, maxLength: 5 })
  .map((content) => ({ type: "doc", content }));

function textOf(node: Json): string {
  return (node.text ?? "") + (node.content ?? []).map(textOf).join("");
}

test(`random documents render to well-formed HTML that keeps their text (${RUNS} runs)`, () => {
  let runs = 0;
  fc.assert(
    fc.property(documents, (doc) => {
      runs++;
      const facts = inspectHtml(deriveContent({ json: doc }).staticHtml);
      assert.deepEqual(facts.unbalanced, [], "every element is closed explicitly and in order");
      // No whitespace normalization is needed: text nodes are emitted verbatim (escaped),
      // hard breaks become <br> (no text) and the sanitizer never rewrites text.
      assert.equal(facts.text, textOf(doc));
    }),
    { numRuns: RUNS },
  );
  console.log(`property test runs: ${runs}`);
  assert.ok(runs >= RUNS);
});

// JSON → Markdown escapes so that Markdown → JSON → Markdown is stable: the first
// trip may normalize (marks merge across blanks, trailing hard breaks go), the
// second must change nothing.
test(`random documents reach a Markdown fixed point after one round trip (${RUNS} runs)`, () => {
  let runs = 0;
  fc.assert(
    fc.property(documents, (doc) => {
      runs++;
      const first = deriveContent({ json: doc }).markdown;
      const second = deriveContent({ markdown: first }).markdown;
      assert.equal(deriveContent({ markdown: second }).markdown, second);
    }),
    { numRuns: RUNS },
  );
  console.log(`markdown property runs: ${runs}`);
  assert.ok(runs >= RUNS);
});
