// Inline Markdown: text escaping and mark delimiters for one textblock.
// Escaping is deliberately broad so that Markdown → JSON → Markdown is a fixed point.
import type { Mark, Node as PMNode } from "@tiptap/pm/model";

export interface InlineContext {
  /** Inside a GFM table cell: one line, and `|` must be escaped even in code spans. */
  table: boolean;
  /** Inside an ATX heading: one line, and `#` would be read as a closing sequence. */
  heading: boolean;
}

const DELIMS: Record<string, string> = { bold: "**", italic: "*", strike: "~~" };
const isDelimited = (mark: Mark) => mark.type.name in DELIMS || mark.type.name === "link";

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
  return ctx.heading ? out.replace(/#/g, "\\#") : out;
}

/** Line-level syntax only the start of a line can trigger (headings, quotes, lists, setext). */
function escapeLineStart(line: string): string {
  const escaped = line.replace(/^([#>=+-])/, "\\$1").replace(/^(\d{1,9})([.)])/, "$1\\$2");
  // Leading/trailing blanks would be stripped by a parser; an entity keeps them.
  return escaped
    .replace(/^[ \t]/, (c) => (c === " " ? "&#32;" : "&#9;"))
    .replace(/[ \t](?=\\?$)/, (c) => (c === " " ? "&#32;" : "&#9;"));
}

function codeSpan(text: string, ctx: InlineContext): string {
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

function open(mark: Mark): string {
  return mark.type.name === "link" ? "[" : DELIMS[mark.type.name]!;
}

function close(mark: Mark): string {
  if (mark.type.name !== "link") return DELIMS[mark.type.name]!;
  return linkTail(String(mark.attrs.href), mark.attrs.title);
}

/** A link whose text is its own absolute URL is written `<url>`, the form a parser reads back the same. */
function isAutolink(child: PMNode, opening: Mark[], marks: Mark[]): boolean {
  const link = opening[0];
  return (
    marks.length === 1 &&
    link?.type.name === "link" &&
    child.text === link.attrs.href &&
    /^[a-z][a-z0-9+.-]{1,31}:[^\s<>\\]*$/i.test(child.text ?? "") &&
    !child.marks.some((m) => m.type.name === "code")
  );
}

/** How many following siblings a mark stays on: longer marks open first so they nest outside. */
function reach(children: readonly PMNode[], from: number, mark: Mark): number {
  let i = from;
  while (i < children.length && mark.isInSet(children[i]!.marks)) i++;
  return i;
}

/** Serialize the inline content of a textblock. */
export function inlineMarkdown(parent: PMNode, ctx: InlineContext): string {
  const children = parent.content.content;
  const out: string[] = [];
  const active: Mark[] = [];
  let pending = "";
  const oneLine = ctx.table || ctx.heading;
  children.forEach((child, index) => {
    if (child.isText && child.text!.trim() === "") {
      pending += oneLine ? child.text!.replace(/\s+/g, " ") : child.text!;
      return;
    }
    const marks = child.marks.filter(isDelimited);
    let keep = 0;
    while (keep < active.length && active[keep]!.isInSet(marks)) keep++;
    while (active.length > keep) out.push(close(active.pop()!));
    const text = child.isText ? child.text! : "";
    const isCode = child.marks.some((m) => m.type.name === "code");
    // Spaces inside a code span are code; elsewhere they move outside the delimiters.
    const lead = isCode ? "" : /^\s*/.exec(text)![0];
    out.push(pending, lead);
    pending = "";
    const opening = marks.filter((m) => !m.isInSet(active));
    if (isAutolink(child, opening, marks) && reach(children, index, opening[0]!) === index + 1) {
      out.push(`<${child.text!}>`);
      return;
    }
    opening.sort((a, b) => reach(children, index, b) - reach(children, index, a));
    for (const mark of opening) {
      out.push(open(mark));
      active.push(mark);
    }
    if (child.isText) {
      const core = isCode ? text : text.slice(lead.length).trimEnd();
      pending = text.slice(lead.length + core.length);
      out.push(isCode ? codeSpan(core, ctx) : escapeText(core, ctx));
    } else if (child.type.name === "hardBreak" && index < children.length - 1) {
      out.push(oneLine ? " " : "\\\n");
    }
  });
  while (active.length > 0) out.push(close(active.pop()!));
  out.push(pending);
  let result = out.join("");
  // A blank line would end the paragraph, and edge newlines mean nothing.
  result = oneLine
    ? result.replace(/\r?\n/g, " ")
    : result.replace(/^\n+|\n+$/g, "").replace(/\n{2,}/g, "\n");
  return result.split("\n").map(escapeLineStart).join("\n");
}
