// Time to read the nine Markdown patterns that made marked quadratic (kept linear since)
// at 24k, 48k, 96k characters and 1 MiB: markdown-it's parse alone, then the whole
// deriveContent (which may refuse a document past the limits of src/content/limits.ts).
import { ContentError, deriveContent } from "../src/content/index.js";
import { parseMarkdown } from "../src/content/parse-markdown.js";

const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const repeat = (unit: string) => (n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const PATTERNS: Record<string, (n: number) => string> = {
  "*a **a ": repeat("*a **a "),
  "aaaa…@": (n) => `${"a".repeat(n - 1)}@`,
  _a: repeat("_a"),
  "[](": repeat("[]("),
  "[a](": repeat("[a]("),
  punctuation: repeat(PUNCTUATION),
  "~a~~b": repeat("~a~~b"),
  "*a*a": repeat("*a*a"),
  "~~a~~a": repeat("~~a~~a"),
};
const SIZES = [24_000, 48_000, 96_000, 1024 * 1024];

const time = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

const rows: Record<string, string>[] = [];
for (const [name, make] of Object.entries(PATTERNS)) {
  const row: Record<string, string> = { pattern: name };
  for (const n of SIZES) {
    const md = make(n);
    const parse = time(() => {
      try {
        parseMarkdown(md);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error; // a limit, while reading
      }
    });
    let outcome = "ok";
    const derive = time(() => {
      try {
        deriveContent({ markdown: md });
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        outcome = "refused";
      }
    });
    const label = n === 1024 * 1024 ? "1 MiB" : `${n / 1000}k`;
    row[label] =
      `${parse.toFixed(0)} / ${derive.toFixed(0)} ms${outcome === "ok" ? "" : " (refused)"}`;
  }
  rows.push(row);
}
console.log("parse / deriveContent, per size");
console.table(rows);
