// Text-level Markdown: escaping of plain text, code spans and link tails.
// Escaping is deliberately broad so that Markdown → JSON → Markdown is a fixed point.

export interface InlineContext {
  /** Inside a GFM table cell: one line, and `|` must be escaped even in code spans. */
  table: boolean;
  /** Inside an ATX heading: one line, and `#` would be read as a closing sequence. */
  heading: boolean;
}

// marked expands tabs inside list items to spaces; a character reference survives anywhere.
// Other blanks are written as they are (newlines become spaces in one-line contexts).
export const blanks = (ws: string) => (ws.includes("\t") ? ws.replace(/\t/g, "&#9;") : ws);

/** Backslash-escape every character that could start inline syntax, and entity-like `&`. */
export function escapeText(text: string, ctx: InlineContext): string {
  const out = text
    .replace(/\r\n?/g, "\n")
    .replace(/[\\*_`[\]<~|]/g, "\\$&")
    .replace(/&(?=#?[a-zA-Z0-9]+;)/g, "\\&")
    // GFM would turn bare URLs and e-mail addresses into links; plain text must stay plain.
    .replace(/\b(https?|ftp):(?=\/\/)/gi, "$1\\:")
    .replace(/\b(www)\./gi, "$1\\.")
    .replace(/([\w.+-])@(?=[\w-]+\.)/g, "$1\\@");
  return blanks(ctx.heading ? out.replace(/#/g, "\\#") : out);
}

/** Line-level syntax only the start of a line can trigger (headings, quotes, lists, setext). */
export function escapeLineStart(line: string): string {
  const escaped = line.replace(/^([#>=+-])/, "\\$1").replace(/^(\d{1,9})([.)])/, "$1\\$2");
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

function destination(href: string): string {
  const clean = href
    .replace(/[\r\n]/g, (c) => encodeURIComponent(c))
    .replace(/&(?=#?\w+;)/g, "\\&");
  if (/[\s<>]/.test(clean) || clean === "") return `<${clean.replace(/[<>\\]/g, "\\$&")}>`;
  return clean.replace(/[()\\]/g, "\\$&");
}

export function linkTail(href: string, title: unknown): string {
  const t =
    typeof title === "string" && title !== ""
      ? ` "${title.replace(/\s*\n\s*/g, " ").replace(/[\\"]/g, "\\$&")}"`
      : "";
  return `](${destination(href)}${t})`;
}
