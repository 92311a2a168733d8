// XSS corpus: classic filter-evasion inputs, as JSON and as Markdown. Each output
// is parsed with htmlparser2 and must contain nothing executable.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import { deriveContent } from "../../src/content/index.js";
import { Lexer } from "marked";
import { allowListed, inspectHtml, schemeOf } from "./helpers.js";
import { corpus, doc, link, p, t } from "./xss-corpus.js";

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
  const html = allowListed(hostile);
  assertSafe("sanitizer", html);
  assert.doesNotMatch(html, /alert|evil|style/);
  assert.match(html, /<a href="https:\/\/ok.example" rel="noopener noreferrer nofollow">c<\/a>/);
  assert.match(html, /<input type="checkbox" disabled \/>/);
});
