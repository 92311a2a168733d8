// The XSS corpus: classic filter-evasion inputs as post bodies, JSON and Markdown. The
// content tests check the derived HTML; the site's tests render each as a post page.
import type { ContentSource } from "../../src/content/index.js";

export const SCHEMES = [
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

export const t = (text: string, marks?: unknown[]) => ({
  type: "text",
  text,
  ...(marks ? { marks } : {}),
});
export const p = (...content: unknown[]) => ({ type: "paragraph", content });
export const doc = (...content: unknown[]) => ({ json: { type: "doc", content } });
export const link = (attrs: object) => p(t("click", [{ type: "link", attrs }]));

/** Each case: its name and a post body (a TipTap document or Markdown) that tries an attack. */
export const corpus: [string, ContentSource][] = [
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
