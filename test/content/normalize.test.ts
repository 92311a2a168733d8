// Unknown node/mark types are unwrapped and counted; invalid documents fail
// with a ContentError whose path points at the offending value.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { ContentError, deriveContent } from "../../src/content/index.js";

const t = (text: string, marks?: unknown[]) => ({
  type: "text",
  text,
  ...(marks ? { marks } : {}),
});
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });

test("unknown block nodes are unwrapped, their text kept and counted", () => {
  const out = deriveContent({
    json: doc(
      { type: "callout", attrs: { emoji: "!" }, content: [p(t("inside callout"))] },
      { type: "callout", content: [t("bare text in callout")] },
      { type: "columns", content: [{ type: "column", content: [p(t("col"))] }] },
    ),
  });
  assert.deepEqual(out.unknownTypes, { "node:callout": 2, "node:columns": 1, "node:column": 1 });
  assert.equal(out.staticHtml, "<p>inside callout</p><p>bare text in callout</p><p>col</p>");
  assert.ok(!out.json.includes(`"type":"callout"`) && !out.json.includes("emoji"));
});

test("unknown inline nodes keep their text; unknown marks are dropped and counted", () => {
  const out = deriveContent({
    json: doc(
      p(
        t("a "),
        { type: "mention", attrs: { id: 7 }, text: "@ann" },
        { type: "emojiWrap", content: [t("b", [{ type: "bold" }])] },
        t(" c", [{ type: "comment", attrs: { id: 1 } }, { type: "italic" }]),
      ),
    ),
  });
  assert.deepEqual(out.unknownTypes, { "node:mention": 1, "node:emojiWrap": 1, "mark:comment": 1 });
  assert.equal(out.staticHtml, "<p>a @ann<strong>b</strong><em> c</em></p>");
});

test("unknown attributes are dropped, known ones kept", () => {
  const out = deriveContent({
    json: doc({
      type: "heading",
      attrs: { level: 2, id: "x", style: "color:red" },
      content: [t("H")],
    }),
  });
  assert.equal(out.staticHtml, "<h2>H</h2>");
  assert.deepEqual(JSON.parse(out.json).content[0].attrs, { level: 2 });
});

test("cheap repairs: text in doc, paragraph in list, image in paragraph, empty list", () => {
  const out = deriveContent({
    json: doc(
      t("stray"),
      { type: "bulletList", content: [p(t("item"))] },
      p(t("before"), { type: "image", attrs: { src: "/a.png" } }, t("after")),
      { type: "orderedList", content: [] },
      { type: "codeBlock", content: [t("x", [{ type: "bold" }]), { type: "hardBreak" }, t("y")] },
    ),
  });
  assert.equal(
    out.staticHtml,
    '<p>stray</p><ul><li><p>item</p></li></ul><p>before</p><img src="/a.png" /><p>after</p>' +
      "<pre><code>x\ny</code></pre>",
  );
});

function assertError(json: unknown, path: string, message?: RegExp) {
  assert.throws(
    () => deriveContent({ json }),
    (error: unknown) => {
      assert.ok(error instanceof ContentError, `expected ContentError, got ${String(error)}`);
      assert.equal(error.path, path);
      if (message) assert.match(error.message, message);
      return true;
    },
  );
}

test("invalid documents throw ContentError with the path of the problem", () => {
  assertError("{not json", "json", /valid JSON/);
  assertError(42, "json");
  assertError(null, "json");
  assertError({ type: "paragraph" }, "json.type", /doc/);
  assertError({ type: "doc", content: {} }, "json.content", /array/);
  assertError(doc(p(t("a")), "str"), "json.content[1]", /object/);
  assertError(doc(p({ type: "text", text: 5 })), "json.content[0].content[0].text", /string/);
  assertError(doc(p({ type: "text" })), "json.content[0].content[0].text");
  assertError(doc({ content: [] }), "json.content[0].type", /string/);
  assertError(doc(p(t("a", {} as unknown[]))), "json.content[0].content[0].marks", /array/);
  assertError(doc(p(t("a", ["bold"]))), "json.content[0].content[0].marks[0]", /object/);
  assertError(doc({ type: "paragraph", attrs: [] }), "json.content[0].attrs", /object/);
  assertError(
    doc({ type: "heading", attrs: { level: 7 } }),
    "json.content[0].attrs.level",
    /1 to 6/,
  );
  assertError(doc({ type: "heading", attrs: { level: "2" } }), "json.content[0].attrs.level");
  assertError(
    doc({ type: "orderedList", attrs: { start: -1 }, content: [] }),
    "json.content[0].attrs.start",
  );
});

test("absurd nesting fails with a path, also at 100 000 levels (no stack overflow)", () => {
  const levels = 100_000;
  const deep = `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(levels)}${"]}".repeat(levels)}]}`;
  assert.throws(
    () => deriveContent({ json: deep }),
    (e: unknown) => e instanceof ContentError && /^json(\.content\[0\]){99}$/.test(e.path),
  );
  const ok = doc(
    [...Array(50).keys()].reduce<unknown>(
      (inner) => ({ type: "blockquote", content: [inner] }),
      p(t("deep")),
    ),
  );
  assert.match(deriveContent({ json: ok }).staticHtml, /<p>deep<\/p>/);
  assert.throws(() => deriveContent({ markdown: ">".repeat(100_000) + " x" }), ContentError);
  assert.throws(() => deriveContent({ markdown: "> ".repeat(150) + "x" }), ContentError);
});
