// Round trips: Markdown → JSON → Markdown must reach a fixed point after one
// pass (the first pass normalizes style), and so must JSON → Markdown → JSON → Markdown.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { readdirSync } from "node:fs";
import { deriveContent } from "../../src/content/index.js";
import { FIXTURES, fixture } from "./helpers.js";

const markdownCorpus = readdirSync(new URL("markdown/", FIXTURES)).filter((f) => f.endsWith(".md"));
const jsonCorpus = [
  "kitchen-sink.json",
  ...readdirSync(new URL("golden/", FIXTURES))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `golden/${f}`),
];

function assertFixedPoint(name: string, markdown: string) {
  const again = deriveContent({ markdown });
  assert.equal(again.markdown, markdown, `${name}: Markdown changed on the second pass`);
  assert.equal(
    deriveContent({ markdown: again.markdown }).json,
    again.json,
    `${name}: JSON changed`,
  );
}

for (const name of markdownCorpus) {
  test(`markdown round trip is stable: ${name}`, () => {
    const source = fixture(`markdown/${name}`);
    const first = deriveContent({ markdown: source });
    assert.notEqual(first.markdown, "", "corpus documents are not empty");
    assertFixedPoint(name, first.markdown);
  });
}

for (const name of jsonCorpus) {
  test(`json → markdown → json → markdown is stable: ${name}`, () => {
    const first = deriveContent({ json: fixture(name) });
    assertFixedPoint(name, first.markdown);
  });
}

test("markdown import keeps structure and text", () => {
  const out = deriveContent({ markdown: fixture("markdown/blog-post.md") });
  const doc = JSON.parse(out.json) as { content: { type: string }[] };
  assert.deepEqual(
    doc.content.map((n) => n.type),
    [
      "heading",
      "paragraph",
      "heading",
      "table",
      "orderedList",
      "blockquote",
      "codeBlock",
      "horizontalRule",
      "image",
    ],
  );
  assert.match(
    out.staticHtml,
    /<pre><code class="language-js">const x = `template \$\{literal\}`;/,
  );
  assert.match(
    out.staticHtml,
    /<a href="https:\/\/example.com\/auto" rel="noopener noreferrer nofollow">/,
  );
});

test("raw HTML in Markdown is kept as literal text, entities are decoded", () => {
  const out = deriveContent({ markdown: fixture("markdown/escaping.md") });
  assert.match(
    out.staticHtml,
    /Inline &lt;span&gt;html&lt;\/span&gt; and &lt;b onclick="x\(\)"&gt;bold html&lt;\/b&gt;/,
  );
  assert.match(
    out.staticHtml,
    /<p>&lt;div class="raw"&gt;<br \/>block html stays text<br \/>&lt;\/div&gt;<\/p>/,
  );
  assert.match(out.staticHtml, /Entities: © &amp; &lt;tag&gt; # and a bare &amp; ampersand/);
  assert.match(out.markdown, /Entities: © & \\<tag> # and a bare & ampersand/);
});

test("marks survive a markdown round trip", () => {
  const out = deriveContent({ markdown: fixture("markdown/marks.md") });
  assert.match(
    out.markdown,
    /^Plain \*\*bold\*\* and \*italic\* and \*\*_both_\*\* and ~~strike~~ and `code`\.$/m,
  );
  assert.match(out.markdown, /\[with parens\]\(https:\/\/example\.com\/a_\\\(b\\\)\)/);
});
