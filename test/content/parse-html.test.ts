// HTML as a post source: read into the document with the editor's own parse
// rules, unknown elements keeping their text, scripts and styles gone, then derived (and
// sanitized) like any document.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import type { ContentError } from "../../src/content/index.js";
import { deriveContent } from "../../src/content/index.js";
import { MAX_HTML_DEPTH, MAX_HTML_LENGTH, htmlToDocument } from "../../src/content/parse-html.js";
import { FIXTURES, fixture } from "./helpers.js";

/** The document of some HTML, as it would be stored. */
const stored = (html: string) => JSON.parse(deriveContent({ json: htmlToDocument(html) }).json);
const text = (value: string) => ({ type: "text", text: value });
const paragraph = (...content: object[]) => ({ type: "paragraph", content });

test("every golden document reads back from the HTML Folio renders for it", () => {
  const golden = new URL("golden/", FIXTURES);
  const names = readdirSync(golden).filter((name) => name.endsWith(".json"));
  assert.ok(names.length > 20);
  for (const name of names) {
    const once = deriveContent({ json: fixture(`golden/${name}`) });
    const again = deriveContent({ json: htmlToDocument(once.staticHtml) });
    assert.equal(again.json, once.json, name);
  }
});

test("blocks, marks and attributes the schema knows are read as the editor reads them", () => {
  const doc = stored(
    '<h2>Title</h2><p>a <strong>b</strong> <a href="https://x.example/">c</a><br>d</p>' +
      '<table><tr><th colspan="2">h</th></tr><tr><td style="text-align: right">x</td><td>y</td></tr></table>' +
      '<pre><code class="language-js">let a = 1;\n\tb();</code></pre><ul><li>one<li>two</ul>',
  );
  assert.deepEqual(doc.content[0], {
    type: "heading",
    attrs: { level: 2 },
    content: [text("Title")],
  });
  const marks = doc.content[1].content.map(
    (n: { marks?: { type: string }[] }) => n.marks?.[0]?.type,
  );
  assert.deepEqual(marks, [undefined, "bold", undefined, "link", undefined, undefined]);
  assert.equal(doc.content[2].content[1].content[0].attrs.align, "right");
  assert.equal(doc.content[2].content[0].content[0].attrs.colspan, 2);
  assert.deepEqual(doc.content[3], {
    type: "codeBlock",
    attrs: { language: "js" },
    content: [text("let a = 1;\n\tb();")],
  });
  assert.equal(doc.content[4].content.length, 2, "implied </li> closes the first item");
});

test("unknown elements give way to their content, whose text stays", () => {
  assert.deepEqual(
    stored("<custom-card><section><span>kept <font>too</font></span></section></custom-card>"),
    {
      type: "doc",
      content: [paragraph(text("kept too"))],
    },
  );
  assert.deepEqual(stored("plain &amp; simple &lt;text&gt;").content, [
    paragraph(text("plain & simple <text>")),
  ]);
});

test("scripts, styles and other non-content elements go with what is inside them", () => {
  const html =
    "<p>a<script>alert(1)</script>b</p><style>p { color: red }</style><template><p>t</p></template>" +
    '<noscript>n</noscript><iframe src="https://evil.example">i</iframe><svg><text>s</text></svg>';
  assert.deepEqual(stored(html).content, [paragraph(text("ab"))]);
  const page =
    "<!doctype html><html><head><title>T</title></head><body><p>only this</p></body></html>";
  assert.deepEqual(stored(page).content, [paragraph(text("only this"))]);
});

test("what comes out is sanitized like any document", () => {
  const derived = deriveContent({
    json: htmlToDocument(
      '<p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><a href="https://ok.example" onclick="go()">ok</a></p>',
    ),
  });
  assert.doesNotMatch(derived.staticHtml, /javascript:|onerror|onclick/);
  assert.match(
    derived.staticHtml,
    /<a href="https:\/\/ok.example" rel="noopener noreferrer nofollow">ok<\/a>/,
  );
});

test("nesting and length are bounded before any tree is built", () => {
  const refused = (html: string, reason: RegExp) =>
    assert.throws(
      () => htmlToDocument(html),
      (e: ContentError) => e.path === "html" && reason.test(e.message),
    );
  refused("<div>".repeat(100_000), new RegExp(`deeper than ${MAX_HTML_DEPTH}`));
  refused(`<p>${"x".repeat(MAX_HTML_LENGTH)}</p>`, /longer than/);
  // Implied closes are not nesting: a thousand unclosed <p> and <li> are siblings.
  assert.equal(stored("<p>x".repeat(1000)).content.length, 1000);
  assert.equal(stored(`<ul>${"<li>x".repeat(1000)}</ul>`).content[0].content.length, 1000);
  assert.equal(stored("<div>".repeat(MAX_HTML_DEPTH) + "deep").content[0].content[0].text, "deep");
});

test("an empty body is the empty document", () => {
  assert.deepEqual(stored(""), { type: "doc", content: [{ type: "paragraph" }] });
});
