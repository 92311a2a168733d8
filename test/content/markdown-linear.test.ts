// Markdown parsing is linear on the patterns that made marked
// quadratic. Nothing is timed: the work is counted in a deterministic unit, the
// characters the reader looks at (charCodeAt, how markdown-it scans) and the regular
// expressions it runs, and doubling the input must at most about double it.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { parseMarkdown } from "../../src/content/parse-markdown.js";

const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const repeat = (unit: string) => (n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

const PATTERNS: Record<string, (n: number) => string> = {
  "*a **a ": repeat("*a **a "),
  "aaaa…@": (n) => `${"a".repeat(n - 1)}@`,
  _a: repeat("_a"),
  "[](": repeat("[]("),
  "[a](": repeat("[a]("),
  "mixed punctuation": repeat(PUNCTUATION),
  "~a~~b": repeat("~a~~b"),
  "*a*a": repeat("*a*a"),
  "~~a~~a": repeat("~~a~~a"),
  // and the same inside the blocks that hold inline content
  "*a **a  in a list item": (n) => `- ${repeat("*a **a ")(n)}`,
  "[a]( in a table cell": (n) => `| h |\n| - |\n| ${repeat("[a](")(n)} |`,
};

function work(markdown: string): number {
  const { charCodeAt } = String.prototype;
  const { exec } = RegExp.prototype;
  let steps = 0;
  String.prototype.charCodeAt = function (this: string, i: number) {
    steps++;
    return charCodeAt.call(this, i);
  };
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    steps++;
    return exec.call(this, s);
  };
  try {
    parseMarkdown(markdown);
  } finally {
    String.prototype.charCodeAt = charCodeAt;
    RegExp.prototype.exec = exec;
  }
  return steps;
}

for (const [name, make] of Object.entries(PATTERNS)) {
  test(`parsing "${name}" costs at most about twice as much for twice the input`, () => {
    const small = work(make(24_000));
    const large = work(make(48_000));
    assert.ok(large <= 2.2 * small, `${small} steps at 24k, ${large} at 48k`);
    // and a bounded amount per character, so no hidden constant grows either
    assert.ok(large <= 100 * 48_000, `${large} steps for 48k characters`);
  });
}
