// HTML fidelity: what the editor shows that the sanitizer used to drop,
// kept through exactly the validated style properties, and nothing else.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { deriveContent } from "../../src/content/index.js";
import { allowListed, inspectHtml } from "./helpers.js";

const cell = (type: string, attrs: object, text: string) => ({
  type,
  attrs,
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

const attrsOf = (html: string, tag: string) =>
  inspectHtml(html)
    .attributes.filter((a) => a.tag === tag)
    .map((a) => `${a.name}=${a.value}`);

test("table cell alignment and column widths reach the HTML as the editor writes them", () => {
  const table = {
    type: "table",
    content: [
      {
        type: "tableRow",
        content: [
          cell("tableHeader", { align: "center", colwidth: [120] }, "h"),
          cell("tableHeader", { align: "right", colspan: 2, colwidth: [50, 60] }, "x"),
        ],
      },
      { type: "tableRow", content: [cell("tableCell", { align: "left" }, "1")] },
    ],
  };
  const html = deriveContent({ json: { type: "doc", content: [table] } }).staticHtml;
  assert.deepEqual(attrsOf(html, "table"), ["style=width: 230px"]);
  assert.deepEqual(attrsOf(html, "col"), [
    "style=width: 120px",
    "style=width: 50px",
    "style=width: 60px",
  ]);
  assert.deepEqual(attrsOf(html, "th"), [
    "colspan=1",
    "rowspan=1",
    "colwidth=120",
    "style=text-align: center",
    "colspan=2",
    "rowspan=1",
    "colwidth=50,60",
    "style=text-align: right",
  ]);
  assert.deepEqual(attrsOf(html, "td"), ["colspan=1", "rowspan=1", "style=text-align: left"]);
});

test("only those style properties, with keyword or pixel values, pass the sanitizer", () => {
  const cases: [string, string][] = [
    [
      '<table><tbody><tr><td style="text-align: center; background: url(javascript:alert(1))">a</td></tr></tbody></table>',
      '<table><tbody><tr><td style="text-align: center">a</td></tr></tbody></table>',
    ],
    [
      '<table style="width: expression(alert(1)); min-width: 25px"><colgroup><col style="width: 10px !important" /></colgroup></table>',
      '<table style="min-width: 25px"><colgroup><col /></colgroup></table>',
    ],
    [
      '<table><tbody><tr><th style="text-align:\\63 enter" colwidth="1;x">a</th><td style="TEXT-ALIGN: Right" colwidth="5,6">b</td></tr></tbody></table>',
      '<table><tbody><tr><th>a</th><td style="text-align: right" colwidth="5,6">b</td></tr></tbody></table>',
    ],
    [
      '<p style="text-align: center">a</p><img src="/a.png" style="width: 10px" />',
      '<p>a</p><img src="/a.png" />',
    ],
    ['<td style="position: fixed; width: 10px">a</td><col colwidth="5" />', "<td>a</td><col />"],
  ];
  for (const [input, expected] of cases) assert.equal(allowListed(input), expected, input);
});

test("a lone surrogate becomes one replacement character everywhere, as in the editor", () => {
  const text = "a\uD800b\uDC00c😀";
  const out = deriveContent({
    json: {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text }] },
        { type: "image", attrs: { src: "https://example.org/i.png", alt: "x\uDBFF" } },
      ],
    },
  });
  const wellFormed = (s: string) => Buffer.from(s, "utf8").toString("utf8") === s;
  for (const output of [out.json, out.staticHtml, out.markdown]) {
    assert.ok(wellFormed(output), output);
    assert.ok(output.includes("a\uFFFDb\uFFFDc😀"), output);
    assert.ok(output.includes("x\uFFFD"), output);
  }
  assert.ok(!out.json.includes("\\ud"), "JSON.stringify writes no lone surrogate escape");
});
