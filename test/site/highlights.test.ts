// Kept highlights: the same markup as highlight.js at every call, highlight.js run once per
// distinct block, and the response LRU's bound respected.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { ByteLru, type SharedLru } from "../../src/posts/byte-lru.js";
import { highlightJs as highlight, pageBody, type Highlight } from "../../src/site/body.js";
import { keptHighlights } from "../../src/site/highlights.js";

/** Text as the sanitizer leaves it inside `<code>`: `&`, `<` and `>` escaped. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const block = (language: string | undefined, text: string) =>
  `<pre><code${language === undefined ? "" : ` class="language-${language}"`}>${escaped(text)}</code></pre>`;

// Real code: this repository's own sources, and a script that tries to get out of its block.
const source = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const TYPESCRIPT = source("../../src/site/body.js");
const BODY = [
  "<p>Before</p>",
  block("typescript", TYPESCRIPT),
  block("python", 'def f(x):\n    return "</code></pre><script>alert(1)</script>" if x else None'),
  block("no-such-language", "plain <b>text</b>"),
  block(undefined, "no language"),
  block("bash", "echo 'a & b' > /dev/null"),
  "<p>After</p>",
].join("");

function counting(): { made: string[]; make: Highlight } {
  const made: string[] = [];
  return {
    made,
    make: (language, text) => {
      made.push(language);
      return highlight(language, text);
    },
  };
}

const lru = (bytes: number): SharedLru => new ByteLru(bytes);

describe("kept highlights", () => {
  it("give the markup highlight.js gives, block for block", () => {
    const kept = keptHighlights(lru(1 << 20));
    const direct = pageBody(BODY);
    assert.match(direct, /<span class="hljs-keyword">/, "the body has highlighted blocks");
    assert.equal(pageBody(BODY, undefined, kept), direct, "first page: made");
    assert.equal(pageBody(BODY, undefined, kept), direct, "second page: kept");
  });

  it("run highlight.js once per distinct block, however many pages show it", () => {
    const { made, make } = counting();
    const kept = keptHighlights(lru(1 << 20), make);
    pageBody(BODY, undefined, kept);
    // Only the known languages reach the highlighter.
    assert.deepEqual(made, ["typescript", "python", "bash"]);
    for (let i = 0; i < 5; i++) pageBody(BODY, undefined, kept);
    assert.equal(made.length, 3);
    pageBody(BODY.replace("echo", "printf"), undefined, kept);
    assert.deepEqual(made.slice(3), ["bash"], "a changed block is highlighted anew");
  });

  it("tell the same code in two languages apart", () => {
    const { made, make } = counting();
    const kept = keptHighlights(lru(1 << 20), make);
    const code = "let x = [1, 2]; // list";
    const asJs = kept("javascript", escaped(code));
    const asPy = kept("python", escaped(code));
    assert.equal(made.length, 2);
    assert.equal(asJs, highlight("javascript", escaped(code)));
    assert.equal(asPy, highlight("python", escaped(code)));
    assert.notEqual(asJs, asPy);
  });

  it("keep nothing when the bound is 0 (the cache is off)", () => {
    const { made, make } = counting();
    const off = lru(0);
    const kept = keptHighlights(off, make);
    pageBody(BODY, undefined, kept);
    pageBody(BODY, undefined, kept);
    assert.equal(made.length, 6);
    assert.equal(off.size, 0);
  });

  it("stay within the LRU's bound, evicting the oldest", () => {
    const bound = 64 * 1024;
    const shared = lru(bound);
    shared.set("a-answer", { bytes: 1000 });
    const { made, make } = counting();
    const kept = keptHighlights(shared, make);
    const blocks = Array.from({ length: 300 }, (_, i) => `const value${i} = ${i} * 2; // ${i}`);
    for (const code of blocks) {
      assert.equal(kept("typescript", escaped(code)), highlight("typescript", escaped(code)));
      assert.ok(shared.bytes <= bound, `${shared.bytes} bytes held`);
    }
    assert.ok(shared.evictions > 0);
    assert.equal(shared.get("a-answer"), undefined, "the oldest entry went first");
    // The newest are still kept; the first ones were evicted and are made again.
    const before = made.length;
    kept("typescript", escaped(blocks.at(-1)!));
    assert.equal(made.length, before);
    kept("typescript", escaped(blocks[0]!));
    assert.equal(made.length, before + 1);
  });
});
