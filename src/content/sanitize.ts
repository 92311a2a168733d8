// Allow-list sanitizer over the renderer's output. The renderer is trusted to
// escape text, but attributes come from stored JSON, so everything is re-checked.
// The list is documented in docs/content.md; keep the two in step.
import sanitize from "sanitize-html";
import { withCleanStyle } from "./sanitize-style.js";
import { isExternal, isSafeLink, isSafeMedia } from "./url.js";

const EXTERNAL_REL = "noopener noreferrer nofollow";

const options: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "strong",
    "em",
    "s",
    "u",
    "mark",
    "sub",
    "sup",
    "a",
    "ul",
    "ol",
    "li",
    "img",
    "table",
    "colgroup",
    "col",
    "tbody",
    "tr",
    "th",
    "td",
    "div",
    "label",
    "input",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start", { name: "type", multiple: false, values: ["1", "a", "A", "i", "I"] }],
    // style and colwidth only as rebuilt by withCleanStyle (sanitize-style.ts)
    th: ["colspan", "rowspan", "colwidth", "style"],
    td: ["colspan", "rowspan", "colwidth", "style"],
    table: ["style"],
    col: ["style"],
    ul: [{ name: "data-type", multiple: false, values: ["taskList"] }],
    li: [
      { name: "data-type", multiple: false, values: ["taskItem"] },
      { name: "data-checked", multiple: false, values: ["true", "false"] },
    ],
    div: [{ name: "data-type", multiple: false, values: ["embed"] }, "data-provider"],
    input: ["type", "checked", "disabled"],
    code: ["class"],
  },
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: true,
  // Anything not allowed is removed; script/style bodies go with their tags.
  disallowedTagsMode: "discard",
  // Styles are rebuilt from validated pieces in transformTags, not parsed with postcss.
  parseStyleAttributes: false,
  selfClosing: [...sanitize.defaults.selfClosing, "col"],
  transformTags: {
    th: withCleanStyle("th"),
    td: withCleanStyle("td"),
    table: withCleanStyle("table"),
    col: withCleanStyle("col"),
    a: (tagName, attribs) => {
      const href =
        attribs.href !== undefined && isSafeLink(attribs.href) ? attribs.href : undefined;
      const out: sanitize.Attributes = {};
      if (href !== undefined) out.href = href;
      if (attribs.title !== undefined) out.title = attribs.title;
      if (href !== undefined && isExternal(href)) out.rel = EXTERNAL_REL;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && isSafeMedia(src) ? { src, ...rest } : rest };
    },
    // Stored checkboxes are read-only: readers must not be able to tick them.
    input: (tagName, attribs) => ({
      tagName,
      attribs: { type: "checkbox", disabled: "", ...("checked" in attribs ? { checked: "" } : {}) },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}
