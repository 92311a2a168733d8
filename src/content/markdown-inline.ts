// Inline Markdown: mark delimiters for one textblock (text escaping: markdown-text.ts).
import type { Mark, Node as PMNode } from "@tiptap/pm/model";
import { escapeNeighbours, firstChar, lastChar, reference, type Delim } from "./markdown-delims.js";
import {
  blanks,
  codeSpan,
  escapeLineStart,
  escapeText,
  image,
  linkTail,
  type InlineContext,
} from "./markdown-text.js";

const DELIMITED = new Set(["bold", "italic", "strike", "link"]);
const isDelimited = (mark: Mark) => DELIMITED.has(mark.type.name);
/** Blank text outside code: written between delimiters, never marked. */
const isBlank = (node: PMNode) =>
  node.isText && node.text!.trim() === "" && !node.marks.some((m) => m.type.name === "code");

interface Open {
  mark: Mark;
  delim: Delim;
}

/**
 * Emphasis inside emphasis, or right after a `*` closer, uses `_`: a second `*`
 * run there could close the outer one, or merge with its neighbour into `***`.
 */
function opener(mark: Mark, active: Open[], previous: Delim | string | undefined): Delim {
  const name = mark.type.name;
  if (name === "link") return { text: "[", char: null, opens: true };
  if (name === "strike") return { text: "~~", char: "~", opens: true };
  const taken =
    active.some((o) => o.delim.char === "*") ||
    (typeof previous === "object" && previous.char === "*");
  const char = taken ? "_" : "*";
  return { text: char.repeat(name === "bold" ? 2 : 1), char, opens: true };
}

function closer({ mark, delim }: Open, ctx: InlineContext): Delim {
  if (mark.type.name !== "link") return { ...delim, opens: false };
  return {
    text: linkTail(String(mark.attrs.href), mark.attrs.title, ctx),
    char: null,
    opens: false,
  };
}

/** A link whose text is its own absolute URL is written `<url>`, the form a parser reads back the same. */
function isAutolink(child: PMNode, opening: Mark[], marks: readonly Mark[]): boolean {
  const link = opening[0];
  return (
    marks.length === 1 &&
    link?.type.name === "link" &&
    child.text === link.attrs.href &&
    /^[a-z][a-z0-9+.-]{1,31}:[^\s<>\\]*$/i.test(child.text ?? "") &&
    !child.marks.some((m) => m.type.name === "code")
  );
}

/**
 * How far a mark stays on: longer marks open first so they nest outside. Blank
 * text does not end it, as the main loop writes blanks without closing marks.
 */
function reach(children: readonly PMNode[], from: number, mark: Mark): number {
  let end = from;
  for (let i = from; i < children.length; i++) {
    if (mark.isInSet(children[i]!.marks)) end = i + 1;
    else if (!isBlank(children[i]!)) break;
  }
  return end;
}

/** On one line a hard break is a blank like any other, so marks run on across it. */
function asLine(parent: PMNode): readonly PMNode[] {
  const children = parent.content.content;
  if (!children.some((c) => c.type.name === "hardBreak")) return children;
  const last = children.findLastIndex((c) => !isBlank(c) && c.type.name !== "hardBreak");
  return children
    .filter((c, i) => i <= last || c.type.name !== "hardBreak")
    .map((c) => (c.type.name === "hardBreak" ? parent.type.schema.text(" ") : c));
}

/** Serialize the inline content of a textblock. */
export function inlineMarkdown(parent: PMNode, ctx: InlineContext): string {
  const oneLine = ctx.table || ctx.heading;
  const children = oneLine ? asLine(parent) : parent.content.content;
  const out: string[] = [];
  const active: Open[] = [];
  let pending = "";
  let last = -1; // index in `out` of the content written last
  const isOpen = (mark: Mark) => active.some((o) => o.mark.eq(mark));
  const lastContent = children.findLastIndex((c) => !isBlank(c) && c.type.name !== "hardBreak");
  /** Writes closers, blanks and openers before `next`, fixing the flanking neighbours. */
  const boundary = (parts: (Delim | string)[], next: string): string => {
    if (parts.length === 1 && typeof parts[0] === "string") {
      out.push(parts[0]); // no delimiters: nothing to check (most text)
      return next;
    }
    const before = last < 0 ? "" : lastChar(out[last]!);
    const after = firstChar(next);
    const fix = escapeNeighbours(parts, before, after);
    if (fix.before) out[last] = out[last]!.slice(0, -before.length) + reference(before);
    // `!` right before a link's `[` would make it an image.
    const first = parts.find((p) => p !== "");
    if (before === "!" && typeof first === "object" && first.text === "[")
      out[last] = `${out[last]!.slice(0, -1)}\\!`;
    out.push(...parts.map((p) => (typeof p === "string" ? p : p.text)));
    return fix.after ? reference(after) + next.slice(after.length) : next;
  };
  const write = (parts: (Delim | string)[], next: string) => {
    out.push(boundary(parts, next));
    if (next !== "") last = out.length - 1;
  };
  children.forEach((child, index) => {
    if (isBlank(child)) {
      pending += child.text!;
      return;
    }
    const marks = child.marks.length === 0 ? child.marks : child.marks.filter(isDelimited);
    let keep = 0;
    while (keep < active.length && active[keep]!.mark.isInSet(marks)) keep++;
    const parts: (Delim | string)[] = [];
    while (active.length > keep) parts.push(closer(active.pop()!, ctx));
    const text = child.isText ? child.text! : "";
    const isCode = child.marks.some((m) => m.type.name === "code");
    // Spaces inside a code span are code; elsewhere they move outside the delimiters.
    const lead = isCode ? "" : /^\s*/.exec(text)![0];
    parts.push(blanks(pending + lead));
    pending = "";
    const opening = marks.filter((m) => !isOpen(m));
    if (isAutolink(child, opening, marks) && reach(children, index, opening[0]!) === index + 1) {
      write(parts, `<${child.text!}>`);
      return;
    }
    if (opening.length > 1) {
      const ends = new Map(opening.map((mark) => [mark, reach(children, index, mark)]));
      opening.sort((a, b) => ends.get(b)! - ends.get(a)!);
    }
    for (const mark of opening) {
      const previous = parts.at(-1) === "" ? parts.at(-2) : parts.at(-1);
      const delim = opener(mark, active, previous);
      parts.push(delim);
      active.push({ mark, delim });
    }
    if (child.isText) {
      const core = isCode ? text : text.slice(lead.length).trimEnd();
      pending = text.slice(lead.length + core.length);
      write(parts, isCode ? codeSpan(core, ctx) : escapeText(core, ctx));
    } else {
      // Trailing hard breaks have no Markdown: a `\` ending a paragraph is literal text.
      const hardBreak = child.type.name === "hardBreak" && index < lastContent;
      // Only a table cell's line holds an image inline (markdown-table.ts).
      const other = child.type.name === "image" ? image(child, ctx) : "";
      write(parts, hardBreak ? (oneLine ? " " : "\\\n") : other);
    }
  });
  const closing: (Delim | string)[] = [];
  while (active.length > 0) closing.push(closer(active.pop()!, ctx));
  write([...closing, blanks(pending)], "");
  let result = out.join("");
  // A blank line would end the paragraph, and edge newlines mean nothing.
  result = oneLine
    ? result.replace(/\r?\n/g, " ")
    : result.replace(/^\n+|\n+$/g, "").replace(/\n{2,}/g, "\n");
  return result
    .split("\n")
    .map((line) => escapeLineStart(line, ctx))
    .join("\n");
}
