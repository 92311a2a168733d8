import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { MAX_TERMS, MAX_TERM_CHARS, searchTerms } from "../../src/posts/search-terms.js";
import { PREVIEW_CHARS, previewOf } from "../../src/posts/preview.js";

test("a query is its words: every engine's operators and quotes only separate them", () => {
  assert.deepEqual(searchTerms('title:"compost heap"* OR -winter NEAR(a b)'), [
    ...["title", "compost", "heap", "OR", "winter", "NEAR", "a", "b"],
  ]);
  assert.deepEqual(searchTerms("café Ünïcode 東京 x1"), ["café", "Ünïcode", "東京", "x1"]);
  assert.deepEqual(searchTerms("!!! ''' ***"), []);
});

test("property: terms are letters and digits only, bounded in number and length", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 400 }), (query) => {
      const terms = searchTerms(query);
      assert.ok(terms.length <= MAX_TERMS);
      for (const term of terms) {
        assert.match(term, /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*$/u);
        assert.ok([...term].length <= MAX_TERM_CHARS);
      }
    }),
  );
});

test("a preview is the plain start of the text, cut at a word", () => {
  const markdown =
    "## Why small\n\nA **small** bed is a [bed](https://x.y) you \\*finish\\*.\n\n- one\n- two";
  assert.equal(previewOf(markdown), "Why small A small bed is a bed you finish . one two");
  const long = previewOf("word ".repeat(100));
  assert.ok([...long].length <= PREVIEW_CHARS + 1);
  assert.match(long, /word…$/);
  assert.equal(previewOf(""), "");
});
