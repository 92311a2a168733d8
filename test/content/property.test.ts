// Property: any valid document renders to well-formed HTML that keeps all its text.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { deriveContent } from "../../src/content/index.js";
import { documents, type Json } from "./arbitraries.js";
import { inspectHtml } from "./helpers.js";

const RUNS = 300;

function textOf(node: Json): string {
  // An embed shows its title, else its URL, as its link's text.
  if (node.type === "embed") return String(node.attrs?.title || node.attrs?.url);
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
