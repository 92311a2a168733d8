// XSS corpus: classic filter-evasion inputs, as JSON and as Markdown. Each output
// is parsed with htmlparser2 and must contain nothing executable.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { deriveContent, type ContentSource } from "../../src/content/index.js";
import { Lexer } from "marked";
import { sanitizeHtml } from "../../src/content/sanitize.js";
import { inspectHtml, schemeOf } from "./helpers.js";

const SCHEMES = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106&#0000097vascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java&#x09;script:alert(1)",
  " \u0001javascript:alert(1)",
  "javascript&colon;alert(1)",
  "&amp;#106;avascript:alert(1)",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "DATA:image/svg+xml;base64,PHN2Zz4=",
];

const t = (text: string, marks?: unknown[]) => ({
  type: "text",
  text,
  ...(marks ? { marks } : {}),
});
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ json: { type: "doc", content } });
const link = (attrs: object) => p(t("click", [{ type: "link", attrs }]));

const corpus: [string, ContentSource][] = [
  ...SCHEMES.map((s): [string, ContentSource] => [`link href ${s}`, doc(link({ href: s }))]),
  ...SCHEMES.map((s): [string, ContentSource] => [
    `image src ${s}`,
    doc({ type: "image", attrs: { src: s } }),
  ]),
  ...SCHEMES.map((s): [string, ContentSource] => [
    `embed url ${s}`,
    doc({ type: "embed", attrs: { url: s } }),
  ]),
  ...SCHEMES.map((s): [string, ContentSource] => [`markdown link ${s}`, { markdown: `[x](${s})` }]),
  ...SCHEMES.map((s): [string, ContentSource] => [
    `markdown image ${s}`,
    { markdown: `![x](${s})` },
  ]),
  [
    "image onerror attr",
    doc({ type: "image", attrs: { src: "x", onerror: "alert(1)", onload: "alert(1)" } }),
  ],
  [
    "link class/rel/target/style",
    doc(
      link({ href: "https://a.example", class: "evil", rel: "opener", target: "_top", style: "x" }),
    ),
  ],
  ["link onclick", doc(link({ href: "/a", onclick: "alert(1)", onmouseover: "alert(1)" }))],
  [
    "table colwidth style",
    doc({
      type: "table",
      content: [
        {
          type: "tableRow",
          content: [
            {
              type: "tableCell",
              attrs: { colwidth: [100], style: "background:url(javascript:alert(1))" },
              content: [p(t("c"))],
            },
          ],
        },
      ],
    }),
  ],
  [
    "unknown node with html",
    doc({
      type: "rawHtml",
      attrs: { html: "<script>alert(1)</script>" },
      content: [t("<img src=x onerror=alert(1)>")],
    }),
  ],
  [
    "unknown node html text",
    doc({ type: "htmlBlock", text: "<iframe src=javascript:alert(1)></iframe>" }),
  ],
  ["text script tag", doc(p(t("<script>alert(1)</script>")))],
  ["text img onerror", doc(p(t('<img src=x onerror="alert(1)">')))],
  ["text style", doc(p(t("<style>*{x:y}</style><object data=x></object>")))],
  [
    "code language breakout",
    doc({
      type: "codeBlock",
      attrs: { language: '"><script>alert(1)</script>' },
      content: [t("x")],
    }),
  ],
  [
    "code language class",
    doc({ type: "codeBlock", attrs: { language: "ts onmouseover=alert(1)" }, content: [t("x")] }),
  ],
  [
    "heading attrs",
    doc({
      type: "heading",
      attrs: { level: 1, onclick: "alert(1)", style: "x" },
      content: [t("h")],
    }),
  ],
  ["link title quote breakout", doc(link({ href: "/a", title: '" onmouseover="alert(1)' }))],
  [
    "image alt breakout",
    doc({ type: "image", attrs: { src: "/a.png", alt: '"><script>alert(1)</script>' } }),
  ],
  [
    "embed provider breakout",
    doc({ type: "embed", attrs: { url: "https://v.example", provider: '"><script>' } }),
  ],
  [
    "task checkbox attrs",
    doc({
      type: "taskList",
      content: [
        { type: "taskItem", attrs: { checked: true, onchange: "alert(1)" }, content: [p(t("t"))] },
      ],
    }),
  ],
  [
    "markdown raw html",
    {
      markdown:
        "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nhi <b onclick=alert(1)>x</b>",
    },
  ],
  ["markdown iframe", { markdown: '<iframe src="javascript:alert(1)"></iframe>' }],
  ["markdown autolink", { markdown: "<javascript:alert(1)>" }],
  ["markdown reference link", { markdown: "[x][r]\n\n[r]: javascript:alert(1)" }],
  ["markdown html comment", { markdown: "<!-- <script>alert(1)</script> -->" }],
];

function assertSafe(name: string, html: string) {
  const facts = inspectHtml(html);
  for (const tag of facts.tags) {
    assert.ok(
      !["script", "style", "iframe", "object", "embed", "svg", "math"].includes(tag),
      `${name}: <${tag}>`,
    );
  }
  for (const { tag, name: attr, value } of facts.attributes) {
    assert.ok(!attr.startsWith("on"), `${name}: ${tag}[${attr}]`);
    assert.ok(attr !== "target", `${name}: ${tag}[${attr}]`);
    // The only styles: cell alignment and pixel column widths (sanitize-style.ts).
    if (attr === "style") {
      const allowed = ["th", "td"].includes(tag)
        ? /^text-align: (left|right|center)$/
        : ["table", "col"].includes(tag)
          ? /^(min-)?width: \d+px$/
          : /^$/;
      assert.match(value, allowed, `${name}: ${tag}[style=${value}]`);
    }
    if (attr === "class") assert.match(value, /^language-[\w+#.-]+$/, `${name}: class ${value}`);
    if (attr === "rel") assert.equal(value, "noopener noreferrer nofollow", name);
    if (["href", "src", "action", "formaction", "data"].includes(attr)) {
      const scheme = schemeOf(value);
      assert.ok(
        scheme === null || ["http", "https", "mailto", "tel"].includes(scheme),
        `${name}: ${attr}=${value}`,
      );
    }
  }
}

/** Every link/image/autolink target (and raw HTML) a Markdown renderer would see, found with marked's own lexer. */
function markdownTargets(markdown: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== "object" || value === null) return;
    const token = value as Record<string, unknown>;
    if ((token.type === "link" || token.type === "image") && typeof token.href === "string") {
      found.push(token.href);
    }
    // Raw HTML would be passed through by most Markdown renderers: treat it as a finding.
    if (token.type === "html") found.push(`html:${String(token.raw)}`);
    for (const key of ["tokens", "items", "header", "rows"]) walk(token[key]);
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return found;
}

function assertSafeMarkdown(name: string, markdown: string) {
  for (const target of markdownTargets(markdown)) {
    const scheme = schemeOf(target);
    assert.ok(
      scheme === null || ["http", "https", "mailto", "tel"].includes(scheme),
      `${name}: md ${target}`,
    );
  }
}

test(`XSS corpus (${corpus.length} cases) yields nothing executable`, () => {
  console.log(`XSS corpus size: ${corpus.length}`);
  for (const [name, source] of corpus) {
    const out = deriveContent(source);
    assertSafe(name, out.staticHtml);
    assertSafeMarkdown(name, out.markdown);
  }
});

test("text that looks like markup is shown, not interpreted", () => {
  const out = deriveContent(doc(p(t("<script>alert(1)</script>"))));
  assert.equal(out.staticHtml, "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  assert.equal(inspectHtml(out.staticHtml).text, "<script>alert(1)</script>");
  const md = deriveContent({ markdown: "a <b onclick=alert(1)>b</b>" });
  assert.equal(inspectHtml(md.staticHtml).text, "a <b onclick=alert(1)>b</b>");
});

test("unsafe links keep their text; unsafe images and embeds are dropped", () => {
  const out = deriveContent(
    doc(link({ href: "javascript:alert(1)" }), {
      type: "image",
      attrs: { src: "data:image/png;base64,AA" },
    }),
  );
  assert.equal(out.staticHtml, "<p>click</p>");
  assert.equal(out.markdown, "click");
});

test("external links get rel=nofollow, internal ones no rel, none a target", () => {
  const out = deriveContent(
    doc(
      p(
        t("e", [{ type: "link", attrs: { href: "https://x.example" } }]),
        t("i", [{ type: "link", attrs: { href: "/x" } }]),
      ),
    ),
  );
  assert.equal(
    out.staticHtml,
    '<p><a href="https://x.example" rel="noopener noreferrer nofollow">e</a><a href="/x">i</a></p>',
  );
});

test("code language that is not a plain token is dropped", () => {
  const out = deriveContent(
    doc({ type: "codeBlock", attrs: { language: '"><script>' }, content: [t("x")] }),
  );
  assert.equal(out.staticHtml, "<pre><code>x</code></pre>");
  assert.equal(out.markdown, "```\nx\n```");
});

test("the sanitizer alone (second line of defence) strips hostile HTML", () => {
  const hostile = [
    '<a href="&#106;avascript:alert(1)" rel="opener" target="_top" class="x" onclick="alert(1)">a</a>',
    '<a href="java&#x09;script:alert(1)">b</a><a href="https://ok.example">c</a>',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="x" onerror="alert(1)">',
    "<script>alert(1)</script><style>p{}</style><iframe src=//x></iframe><object data=x></object>",
    '<p style="x" class="y"><code class="language-ts evil">c</code></p><table style="w"><colgroup><col style="w"></colgroup></table>',
    '<input type="text" onfocus="alert(1)" autofocus><svg><script>alert(1)</script></svg>',
  ].join("");
  const html = sanitizeHtml(hostile);
  assertSafe("sanitizer", html);
  assert.doesNotMatch(html, /alert|evil|style/);
  assert.match(html, /<a href="https:\/\/ok.example" rel="noopener noreferrer nofollow">c<\/a>/);
  assert.match(html, /<input type="checkbox" disabled \/>/);
});
