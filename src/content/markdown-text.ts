// Text-level Markdown: escaping of plain text, code spans, link tails and images.
// Escaping is deliberately broad so that Markdown → JSON → Markdown is a fixed point.
import type { Node as PMNode } from "@tiptap/pm/model";

export interface InlineContext {
  /** Inside a GFM table cell: one line, and `|` must be escaped even in code spans. */
  table: boolean;
  /** Inside an ATX heading: one line, and `#` would be read as a closing sequence. */
  heading: boolean;
}

// marked expands tabs inside list items to spaces; a character reference survives anywhere.
// Other blanks are written as they are (newlines become spaces in one-line contexts).
export const blanks = (ws: string) => (ws.includes("\t") ? ws.replace(/\t/g, "&#9;") : ws);

/** A text with none of these has nothing the escapes below would touch (most prose). */
const MAY_ESCAPE = /[\\*_`[\]<~|&:@\r\t#]|www\./i;

/** Backslash-escape every character that could start inline syntax, and entity-like `&`. */
export function escapeText(text: string, ctx: InlineContext): string {
  if (!MAY_ESCAPE.test(text)) return text;
  const out = text
    .replace(/\r\n?/g, "\n")
    .replace(/[\\*_`[\]<~|]/g, "\\$&")
    .replace(/&(?=#?[a-zA-Z0-9]+;)/g, "\\&")
    // GFM would turn bare URLs and e-mail addresses into links; plain text must stay plain.
    // A scheme is a link after anything but a letter (`0http://`), so it is always escaped.
    .replace(/(https?|ftp):(?=\/\/)/gi, "$1\\:")
    .replace(/(www)\./gi, "$1\\.")
    .replace(/([\w.+-])@(?=[\w-]+\.)/g, "$1\\@");
  return blanks(ctx.heading ? out.replace(/#/g, "\\#") : out);
}

/** A line none of the escapes below would touch: most lines of prose. */
const LINE_MAY_ESCAPE = /^[#>=+\-\d \t]|[ \t]\\?$/;

/** Line-level syntax only the start of a line can trigger (headings, quotes, lists, setext). */
export function escapeLineStart(line: string, ctx: InlineContext): string {
  if (!LINE_MAY_ESCAPE.test(line)) return line;
  const escaped = line.replace(/^([#>=+-])/, "\\$1").replace(/^(\d{1,9})([.)])/, "$1\\$2");
  // A table cell is trimmed however it is written (and its blocks joined by a space).
  if (ctx.table) return escaped;
  // Leading/trailing blanks would be stripped by a parser; an entity keeps them.
  return escaped
    .replace(/^[ \t]/, (c) => (c === " " ? "&#32;" : "&#9;"))
    .replace(/[ \t](?=\\?$)/, (c) => (c === " " ? "&#32;" : "&#9;"));
}

export function codeSpan(text: string, ctx: InlineContext): string {
  const body = text.replace(/\r?\n/g, " ");
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^`|`$/.test(body) || (/^ .*[^ ].* $/.test(body) && body.length > 2) ? " " : "";
  const inner = ctx.table ? body.replace(/\|/g, "\\|") : body;
  return `${fence}${pad}${inner}${pad}${fence}`;
}

const ENTITY_LIKE = /&(?=#?[a-zA-Z0-9]+;)/g;

/**
 * A link destination that reads back as `href`: backslashes and the delimiters of its
 * form escaped first, then an entity-like `&` (CommonMark decodes references in
 * destinations), and in a table cell `|` (GFM splits cells before reading inlines).
 */
function destination(href: string, ctx: InlineContext): string {
  const raw = href.replace(/[\r\n]/g, (c) => encodeURIComponent(c));
  const pointy = /[\s<>]/.test(raw) || raw === "";
  let out = raw.replace(pointy ? /[<>\\]/g : /[()\\]/g, "\\$&").replace(ENTITY_LIKE, "\\&");
  if (ctx.table) out = out.replace(/\|/g, "\\|");
  return pointy ? `<${out}>` : out;
}

/** A title in double quotes, with the same escapes as a destination. */
function title(value: string, ctx: InlineContext): string {
  const out = value
    .replace(/\s*\n\s*/g, " ")
    .replace(/[\\"]/g, "\\$&")
    .replace(ENTITY_LIKE, "\\&");
  return ` "${ctx.table ? out.replace(/\|/g, "\\|") : out}"`;
}

export function linkTail(href: string, titleAttr: unknown, ctx: InlineContext): string {
  const t = typeof titleAttr === "string" && titleAttr !== "" ? title(titleAttr, ctx) : "";
  return `](${destination(href, ctx)}${t})`;
}

/** `![alt](src "title")`: on its own line as a block, inline in a table cell. */
export function image(node: PMNode, ctx: InlineContext): string {
  const alt = typeof node.attrs.alt === "string" ? node.attrs.alt.replace(/\s*\n\s*/g, " ") : "";
  return `![${escapeText(alt, ctx)}${linkTail(String(node.attrs.src), node.attrs.title, ctx)}`;
}
