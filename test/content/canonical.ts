// Comparable forms for the fidelity tests. `expressible` keeps what Markdown can hold of
// a stored document (docs/content.md: "What Markdown cannot express"); `canonical` erases
// differences no reader can see: how marks split text, marks on blanks, edge newlines.
import { deriveContent } from "../../src/content/index.js";
import type { Json } from "./gfm-reader.js";

type Mark = NonNullable<Json["marks"]>[number];

const MARKDOWN_MARKS = new Set(["bold", "italic", "strike", "code", "link"]);
const KEPT_ATTRS: Record<string, string[]> = {
  heading: ["level"],
  orderedList: ["start"],
  codeBlock: ["language"],
  image: ["src", "alt", "title"],
  taskItem: ["checked"],
  tableHeader: ["align"],
  tableCell: ["align"],
  link: ["href", "title"],
};
const oneLine = (s: unknown) => (typeof s === "string" ? s.replace(/\s*\n\s*/g, " ") : s);

/** Through Folio's schema normalization (the stored form), as both sides must be. */
export const normalized = (doc: Json): Json =>
  JSON.parse(deriveContent({ json: doc }).json) as Json;

function attrs(type: string, raw: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of KEPT_ATTRS[type] ?? []) {
    const value = raw?.[name] ?? null;
    out[name] = name === "title" || name === "alt" ? oneLine(value) : value;
  }
  return out;
}

function marks(list: Mark[] | undefined): Mark[] {
  return (list ?? [])
    .filter((m) => MARKDOWN_MARKS.has(m.type))
    .map((m) =>
      m.type === "link" ? { type: "link", attrs: attrs("link", m.attrs) } : { type: m.type },
    )
    .sort((a, b) => a.type.localeCompare(b.type));
}

/** A table as GFM holds it: spans written out as empty cells, the first row the header,
 * one alignment per column, each cell one line: its blocks joined by a space. */
function table(node: Json): Json {
  const rows = (node.content ?? []).map((row) =>
    (row.content ?? []).flatMap((cell) => {
      const span = Number(cell.attrs?.colspan ?? 1);
      const inline = cellInline(cell);
      return [
        { align: cell.attrs?.align ?? null, inline },
        ...Array(span - 1).fill({ align: cell.attrs?.align ?? null, inline: [] }),
      ];
    }),
  );
  const width = Math.max(...rows.map((r) => r.length));
  const align = Array.from({ length: width }, (_, i) => rows[0]?.[i]?.align ?? null);
  return {
    type: "table",
    content: rows.map((cells, r) => ({
      type: "tableRow",
      content: Array.from({ length: width }, (_, i) => ({
        type: r === 0 ? "tableHeader" : "tableCell",
        attrs: { align: align[i] },
        content: [{ type: "paragraph", content: cells[i]?.inline ?? [] }],
      })),
    })),
  };
}

function cellInline(cell: Json): Json[] {
  const parts: Json[][] = [];
  const walk = (node: Json) => {
    if (node.type === "paragraph" || node.type === "heading" || node.type === "codeBlock") {
      const inner = (node.content ?? []).map((c) =>
        c.type === "hardBreak"
          ? { type: "text", text: " " }
          : node.type === "codeBlock"
            ? { ...c, marks: [] }
            : c,
      );
      parts.push(inner);
    } else if (node.type === "image") parts.push([node]);
    else (node.content ?? []).forEach(walk);
  };
  (cell.content ?? []).forEach(walk);
  const edge = (n: Json | undefined, at: number) =>
    n?.type === "text" && /^\s$/.test(n.text!.at(at) ?? "");
  let out: Json[] = [];
  for (const part of parts.filter((p) => p.length > 0)) {
    if (out.length > 0 && !edge(out.at(-1), -1) && !edge(part[0], 0))
      out.push({ type: "text", text: " " });
    out.push(...part);
  }
  // The cell is trimmed as written (code spans keep their blanks inside the backticks, and
  // a tab is written `&#9;`, which is no blank to a reader).
  const blank = (n: Json | undefined) =>
    n?.type === "text" &&
    n.text!.trim() === "" &&
    !n.text!.includes("\t") &&
    !(n.marks ?? []).some((m) => m.type === "code");
  while (blank(out[0])) out = out.slice(1);
  while (blank(out.at(-1))) out = out.slice(0, -1);
  return out;
}

/** What Markdown can hold of a stored (normalized) document. */
export function expressible(node: Json): Json {
  if (node.type === "table")
    return table({ ...node, content: node.content?.map((r) => ({ ...r, content: r.content })) });
  if (node.type === "embed") {
    const url = String(node.attrs?.url);
    const title =
      typeof node.attrs?.title === "string" && node.attrs.title !== "" ? node.attrs.title : url;
    const link = { type: "link", attrs: { href: url, title: null } };
    return {
      type: "paragraph",
      content: [{ type: "text", text: String(oneLine(title)), marks: [link] }],
    };
  }
  const out: Json = { type: node.type };
  if (KEPT_ATTRS[node.type]) out.attrs = attrs(node.type, node.attrs);
  if (node.text !== undefined) out.text = node.text;
  if (node.marks) out.marks = marks(node.marks);
  if (node.content) {
    let content = node.content.map(expressible);
    if (node.type === "paragraph" || node.type === "heading") content = dropTrailingBreaks(content);
    if (node.type === "heading")
      content = content.map((c) => (c.type === "hardBreak" ? { type: "text", text: " " } : c));
    // Empty paragraphs cannot be written, but for an item's first (docs/content.md).
    const isItem = node.type === "listItem" || node.type === "taskItem";
    out.content = content.filter(
      (c, i) => (isItem && i === 0) || !(c.type === "paragraph" && writtenEmpty(c)),
    );
  }
  return out;
}

/** Nothing but line endings and hard breaks: written as nothing. */
const writtenEmpty = (p: Json) =>
  (p.content ?? []).every(
    (c) =>
      c.type === "hardBreak" ||
      (c.type === "text" &&
        /^[\r\n]*$/.test(c.text!) &&
        !(c.marks ?? []).some((m) => m.type === "code")),
  );

function dropTrailingBreaks(content: Json[]): Json[] {
  const last = content.findLastIndex(
    (c) =>
      c.type !== "hardBreak" &&
      !(
        c.type === "text" &&
        c.text!.trim() === "" &&
        !(c.marks ?? []).some((m) => m.type === "code")
      ),
  );
  return content.filter((c, i) => i <= last || c.type !== "hardBreak");
}

type Unit = { text: string; marks: Mark[] } | Json;

/** Inline content as a reader sees it: one text node per run of equally marked characters. */
function canonicalInline(content: Json[], oneLineText: boolean, trim: boolean): Json[] {
  const units: Unit[] = [];
  for (const node of content) {
    if (node.type !== "text") {
      units.push(node);
      continue;
    }
    const all = node.marks ?? [];
    const isCode = all.some((m) => m.type === "code");
    let text = node.text!.replace(/\r\n?/g, "\n");
    // Code spans hold one line: CommonMark reads a line ending in one as a space.
    if (oneLineText || isCode) text = text.replace(/\n/g, " ");
    for (const ch of text) units.push({ text: ch, marks: /\s/.test(ch) && !isCode ? [] : all });
  }
  const isChar = (u: Unit): u is { text: string; marks: Mark[] } => !("type" in u);
  const blank = (u: Unit | undefined) => u !== undefined && isChar(u) && /\s/.test(u.text);
  const newline = (u: Unit | undefined) => u !== undefined && isChar(u) && u.text === "\n";
  while (trim ? blank(units[0]) : newline(units[0])) units.shift();
  while (trim ? blank(units.at(-1)) : newline(units.at(-1))) units.pop();
  const out: Json[] = [];
  units.forEach((u, i) => {
    if (!isChar(u)) return out.push(u);
    // A line ending next to a hard break (itself a line ending), or to another line ending,
    // is not kept: a run of them before a break goes whole.
    const isBreak = (v: Unit | undefined) =>
      v !== undefined && !isChar(v) && v.type === "hardBreak";
    let next = i + 1;
    while (newline(units[next])) next++;
    if (u.text === "\n" && (newline(units[i - 1]) || isBreak(units[i - 1]) || isBreak(units[next])))
      return;
    const last = out.at(-1);
    if (last?.type === "text" && JSON.stringify(last.marks) === JSON.stringify(u.marks))
      last.text += u.text;
    else out.push({ type: "text", text: u.text, marks: u.marks });
  });
  return out;
}

/** Erase what no reader can see; `cell` and `heading` contexts are one line. */
export function canonical(node: Json, context: "block" | "cell" = "block"): Json {
  const out: Json = { type: node.type };
  if (node.attrs) out.attrs = node.attrs;
  if (node.text !== undefined) out.text = node.text;
  if (node.marks) out.marks = marks(node.marks);
  if (node.type === "paragraph" || node.type === "heading") {
    const line = context === "cell" || node.type === "heading";
    const content = (node.content ?? []).map((c) => canonical(c, context));
    out.content = canonicalInline(content, line, context === "cell");
    return out;
  }
  if (!node.content) return out;
  const inner = node.type === "tableCell" || node.type === "tableHeader" ? "cell" : context;
  out.content = node.content.map((c) => canonical(c, inner));
  // An item's empty first paragraph may be written `&#32;` (docs/content.md): a reader sees a space.
  const first = out.content[0];
  if (
    (node.type === "taskItem" || node.type === "listItem") &&
    first?.type === "paragraph" &&
    first?.content?.every((c) => c.type === "text" && c.text!.trim() === "")
  )
    first.content = [];
  return out;
}
