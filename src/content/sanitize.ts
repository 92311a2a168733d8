// The allow-list every element of the stored HTML passes, applied by the renderer (html.ts)
// to each element as it writes it: the tag, each attribute's name and value, URL schemes.
// Only these tags and attributes can reach a reader, with values escaped as they are
// written. Attributes come from stored JSON, so every value is checked again here, apart
// from the normalizer's checks. The list is documented in docs/content.md; keep the two
// in step. Its decisions are those sanitize-html makes with the same list (the tests run
// the two side by side), without parsing the HTML again.
import { withCleanStyle } from "./sanitize-style.js";
import { isExternal, isSafeLink, isSafeMedia, LINK_SCHEMES, MEDIA_SCHEMES } from "./url.js";

export type Attributes = Record<string, string>;

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
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
]);

/** Per tag, its attributes: any value (null), or one of a list. */
export const ALLOWED_ATTRIBUTES: Readonly<
  Record<string, Readonly<Record<string, readonly string[] | null>>>
> = {
  a: { href: null, title: null, rel: null },
  img: { src: null, alt: null, title: null, width: null, height: null },
  ol: { start: null, type: ["1", "a", "A", "i", "I"] },
  // style and colwidth only as rebuilt by withCleanStyle (sanitize-style.ts)
  th: { colspan: null, rowspan: null, colwidth: null, style: null },
  td: { colspan: null, rowspan: null, colwidth: null, style: null },
  table: { style: null },
  col: { style: null },
  ul: { "data-type": ["taskList"] },
  li: { "data-type": ["taskItem"], "data-checked": ["true", "false"] },
  div: { "data-type": ["embed"], "data-provider": null },
  input: { type: null, checked: null, disabled: null },
  code: { class: null },
};

/** Classes a tag may carry, by prefix; others are dropped from its class list. */
export const ALLOWED_CLASS_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  code: ["language-"],
};

/** Attributes holding a URL: their scheme is read again here, apart from url.ts's reading. */
const URL_ATTRIBUTES = new Set(["href", "src"]);

/** Written `<tag … />` and never closed. */
export const SELF_CLOSING: ReadonlySet<string> = new Set([
  "img",
  "br",
  "hr",
  "area",
  "base",
  "basefont",
  "input",
  "link",
  "meta",
  "col",
]);

/** A tag not allowed loses its tag and keeps its content, except these, which go whole. */
const NON_TEXT_TAGS = new Set(["script", "style", "textarea", "option"]);

/** Attributes an empty value means nothing on (so it is dropped), unless allowed empty. */
const NON_BOOLEAN = new Set([
  "href",
  "title",
  "rel",
  "src",
  "alt",
  "width",
  "height",
  "start",
  "type",
  "colspan",
  "rowspan",
  "style",
  "class",
]);
const ALLOWED_EMPTY = new Set(["alt"]);
// A name with any of these could end the attribute or the tag it is written in.
const VALID_NAME = /^[^\0\t\n\f\r /<=>]+$/;

const EXTERNAL_REL = "noopener noreferrer nofollow";

type Transform = (attribs: Attributes) => Attributes;

/** Attributes rebuilt before the allow-list sees them. */
export const TRANSFORMS: Readonly<Record<string, Transform>> = {
  th: withCleanStyle("th"),
  td: withCleanStyle("td"),
  table: withCleanStyle("table"),
  col: withCleanStyle("col"),
  a: (attribs) => {
    const href = attribs.href !== undefined && isSafeLink(attribs.href) ? attribs.href : undefined;
    const out: Attributes = {};
    if (href !== undefined) out.href = href;
    if (attribs.title !== undefined) out.title = attribs.title;
    if (href !== undefined && isExternal(href)) out.rel = EXTERNAL_REL;
    return out;
  },
  img: (attribs) => {
    const { src, ...rest } = attribs;
    return src !== undefined && isSafeMedia(src) ? { src, ...rest } : rest;
  },
  // Stored checkboxes are read-only: readers must not be able to tick them.
  input: (attribs) => ({
    type: "checkbox",
    disabled: "",
    ...("checked" in attribs ? { checked: "" } : {}),
  }),
};

/** What becomes of an element: its opening tag, or dropped with or without its content. */
export type Verdict = { open: string } | "unwrap" | "drop";

export function escapeText(value: string): string {
  if (!/[&<>]/.test(value)) return value;
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}

/** A URL whose scheme is not one the tag may use, read as an old browser might read it. */
function naughtyUrl(tag: string, url: string): boolean {
  // eslint-disable-next-line no-control-regex
  let href = url.replace(/[\x00-\x20]+/g, "");
  // A comment inside a URL could hide its scheme from a reader that skips comments.
  for (let start = href.indexOf("<!--"); start !== -1; start = href.indexOf("<!--")) {
    const end = href.indexOf("-->", start + 4);
    if (end === -1) break;
    href = href.slice(0, start) + href.slice(end + 3);
  }
  const match = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href);
  if (match === null) return false; // relative, protocol-relative included
  return !(tag === "img" ? MEDIA_SCHEMES : LINK_SCHEMES).has(match[1]!.toLowerCase());
}

function allowedClasses(tag: string, value: string): string {
  const prefixes = ALLOWED_CLASS_PREFIXES[tag];
  if (prefixes === undefined) return value;
  return value
    .split(/\s+/)
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
    .join(" ");
}

/** The element `tag` with `attribs` (raw values, in the order written) as a reader may get it. */
export function sanitizeElement(tag: string, attribs: Attributes): Verdict {
  const transform = TRANSFORMS[tag];
  const kept = transform === undefined ? attribs : transform(attribs);
  if (!ALLOWED_TAGS.has(tag)) return NON_TEXT_TAGS.has(tag) ? "drop" : "unwrap";
  const rules = ALLOWED_ATTRIBUTES[tag];
  let open = `<${tag}`;
  let hasSrc = false;
  if (rules !== undefined) {
    for (const name in kept) {
      let value = kept[name]!;
      if (!VALID_NAME.test(name)) continue;
      if (value === "" && !ALLOWED_EMPTY.has(name) && NON_BOOLEAN.has(name)) continue;
      if (!Object.hasOwn(rules, name)) continue;
      const values = rules[name];
      if (values != null && !values.includes(value)) value = "";
      if (URL_ATTRIBUTES.has(name) && naughtyUrl(tag, value)) continue;
      if (name === "class") {
        value = allowedClasses(tag, value);
        if (value === "") continue;
      }
      if (name === "src") hasSrc = value !== "";
      open += ` ${name}`;
      if (value !== "") open += `="${escapeAttribute(value)}"`;
      else if (ALLOWED_EMPTY.has(name)) open += '=""';
    }
  }
  // An image with nothing to show is left out.
  if (tag === "img" && !hasSrc) return "unwrap";
  return { open: SELF_CLOSING.has(tag) ? `${open} />` : `${open}>` };
}
