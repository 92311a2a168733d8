// Fidelity properties (issue 14) over random documents (arbitraries.ts):
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

test(`a GFM reader and Folio's reader read Folio's Markdown as the document (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(documents, (doc) => {
      const out = deriveContent({ json: doc });
      fc.pre(!backslashPipeInCellCode(JSON.parse(out.json) as Json));
      const expected = canonical(normalized(expressible(JSON.parse(out.json) as Json)));
      const gfm = canonical(normalized(readGfm(out.markdown)));
      assert.deepEqual(gfm, expected, `micromark on:\n${out.markdown}`);
      const folio = canonical(JSON.parse(deriveContent({ markdown: out.markdown }).json) as Json);
      assert.deepEqual(folio, expected, `Folio on:\n${out.markdown}`);
      // Markdown → document → Markdown is stable once read (the first trip from JSON may
      // normalize: marks move off blanks, so their order can settle differently).
      const again = deriveContent({ markdown: out.markdown }).markdown;
      assert.equal(deriveContent({ markdown: again }).markdown, again);
    }),
    { numRuns: RUNS },
  );
});

test(`Folio's HTML is the editor's own HTML but for documented sanitization (${RUNS} runs)`, () => {
  fc.assert(
    fc.property(documents, (doc) => {
      const out = deriveContent({ json: doc });
      const stored = JSON.parse(out.json) as Json;
      // An empty document is "" (docs/content.md), where the editor has <p></p>.
      if (out.staticHtml === "") return assert.equal(out.markdown, "");
      assert.deepEqual(
        comparableHtml(out.staticHtml),
        comparableHtml(editorHtml(stored)),
        out.json,
      );
    }),
    { numRuns: RUNS },
  );
});
