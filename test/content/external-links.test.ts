// A link gets rel="noopener noreferrer nofollow" whenever a browser
// would take it off the site. The oracle is WHATWG URL parsing (Node's URL, as browsers
// parse) of the href the HTML carries, against the page it is embedded in.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { deriveContent, type ContentSource } from "../../src/content/index.js";
import { inspectHtml } from "./helpers.js";

const PAGES = ["https://blog.example/@pub/post", "http://localhost:8080/a/b"];

/** Whether a browser on any of PAGES leaves that page's origin following `href`. */
function leavesSite(href: string): boolean {
  return PAGES.some((page) => {
    let target: URL;
    try {
      target = new URL(href, page);
    } catch {
      return false; // not a link a browser follows
    }
    return /^https?:$/.test(target.protocol) && target.origin !== new URL(page).origin;
  });
}

const HOSTILE = [
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r/evil.example/x",
  "\t//evil.example/x",
  " //evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "\\/evil.example/x",
  "/\t\\evil.example/x",
  "http:evil.example/x",
  "https:evil.example/x",
  "HTTPS://EVIL.EXAMPLE/x",
  "//evil.example",
  "https://evil.example",
];
const INTERNAL = ["/x", "x/y", "#top", "?q=1", "/%2F/evil.example", "./a", "../b", "/a\\b"];

function anchors(source: ContentSource) {
  return inspectHtml(deriveContent(source).staticHtml).attributes.filter((a) => a.tag === "a");
}

function assertRel(source: ContentSource, what: string) {
  const attrs = anchors(source);
  const hrefs = attrs.filter((a) => a.name === "href");
  assert.ok(hrefs.length > 0, `${what}: a link is rendered`);
  const rels = attrs.filter((a) => a.name === "rel").length;
  for (const { value } of hrefs) {
    const expected = leavesSite(value) ? 1 : 0;
    assert.equal(rels, expected, `${what}: href ${JSON.stringify(value)} rel count`);
  }
}

const link = (href: string) => ({
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href } }] }],
    },
  ],
});

test("the oracle: every hostile href leaves the site, every internal one stays", () => {
  for (const href of HOSTILE) assert.ok(leavesSite(href), JSON.stringify(href));
  for (const href of INTERNAL) assert.ok(!leavesSite(href), JSON.stringify(href));
});

test("JSON links get rel exactly when a browser leaves the site", () => {
  for (const href of [...HOSTILE, ...INTERNAL])
    assertRel({ json: link(href) }, `link ${JSON.stringify(href)}`);
});

test("embeds get rel exactly when a browser leaves the site", () => {
  for (const url of [...HOSTILE, ...INTERNAL]) {
    const embed = { type: "doc", content: [{ type: "embed", attrs: { url, title: "t" } }] };
    assertRel({ json: embed }, `embed ${JSON.stringify(url)}`);
  }
});

test("Markdown <…> destinations and links get rel exactly when a browser leaves the site", () => {
  for (const href of [...HOSTILE, ...INTERNAL].filter((h) => !/[\r\n]/.test(h))) {
    const pointy = href.replace(/[<>\\]/g, "\\$&");
    assertRel({ markdown: `[x](<${pointy}>)` }, `markdown <${JSON.stringify(href)}>`);
  }
  assertRel({ markdown: "<https://evil.example/x>" }, "autolink");
});
