// Content pipeline throughput: docs/s for JSON → HTML (incl. sanitize), JSON → Markdown,
// Markdown → JSON and HTML → JSON on a ~5 KB and a ~200 KB document, plus one 10 MB document.
import { readFileSync } from "node:fs";
import { deriveContent } from "../src/content/index.js";
import { normalizeDoc } from "../src/content/normalize.js";
import { renderHtml } from "../src/content/html.js";
import { renderMarkdown } from "../src/content/markdown.js";
import { parseMarkdown } from "../src/content/parse-markdown.js";
import { htmlToDocument } from "../src/content/parse-html.js";

type Doc = { type: string; content: unknown[] };
const sink = JSON.parse(
  readFileSync(new URL("../../test/content/fixtures/kitchen-sink.json", import.meta.url), "utf8"),
) as Doc;

/** Repeat the kitchen sink's blocks until the serialized document reaches `bytes`. */
function documentOf(bytes: number): Doc {
  const one = JSON.stringify(sink.content).length;
  const copies = Math.max(1, Math.round(bytes / one));
  return { type: "doc", content: Array.from({ length: copies }, () => sink.content).flat() };
}

function rate(fn: () => void, budgetMs = 1500): number {
  for (let i = 0; i < 3; i++) fn(); // warm up
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    fn();
    runs++;
  }
  return runs / ((performance.now() - start) / 1000);
}

const rows: Record<string, string>[] = [];
for (const [label, bytes] of [
  ["~5 KB", 5_000],
  ["~200 KB", 200_000],
] as const) {
  const json = documentOf(bytes);
  const { doc } = normalizeDoc(json);
  const markdown = renderMarkdown(doc);
  const html = renderHtml(doc);
  rows.push({
    document: `${label} (${JSON.stringify(json).length} B JSON)`,
    "JSON→HTML docs/s": rate(() => renderHtml(normalizeDoc(json).doc)).toFixed(0),
    "JSON→MD docs/s": rate(() => renderMarkdown(normalizeDoc(json).doc)).toFixed(0),
    "MD→JSON docs/s": rate(() => normalizeDoc(parseMarkdown(markdown), "markdown")).toFixed(0),
    "HTML→JSON docs/s": rate(() => normalizeDoc(htmlToDocument(html))).toFixed(0),
    "deriveContent (all outputs) docs/s": rate(() => deriveContent({ json })).toFixed(0),
  });
}
console.table(rows);

const big = JSON.stringify(documentOf(10_000_000));
const start = performance.now();
const out = deriveContent({ json: big });
const ms = performance.now() - start;
console.log(
  `10 MB document (${(big.length / 1e6).toFixed(1)} MB JSON): deriveContent once in ${ms.toFixed(0)} ms ` +
    `(html ${(out.staticHtml.length / 1e6).toFixed(1)} MB, markdown ${(out.markdown.length / 1e6).toFixed(1)} MB)`,
);
