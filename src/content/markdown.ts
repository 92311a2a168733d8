// JSON → Markdown: CommonMark + GFM (tables, task lists, strikethrough) in one
// fixed style. One serializer per node type; marks are handled in markdown-inline.ts.
import type { Node as PMNode } from "@tiptap/pm/model";
import { inlineMarkdown } from "./markdown-inline.js";
import { escapeText, image, linkTail, type InlineContext } from "./markdown-text.js";
import { cellText, table } from "./markdown-table.js";

type Serializer = (node: PMNode) => string;
const BLOCK: InlineContext = { table: false, heading: false };

/** Prefix continuation lines (blank lines stay empty, so no trailing blanks appear). */
function indent(text: string, first: string, rest: string): string {
  return text
    .split("\n")
    .map((line, i) => (i === 0 ? first + line : line === "" ? "" : rest + line))
    .join("\n");
}

const family = (node: PMNode | null) =>
  node?.type.name === "orderedList"
    ? "ordered"
    : node?.type.spec.group?.includes("list")
      ? "bullet"
      : null;

/**
 * Adjacent lists of one family would merge into one list when read back, so every
 * second one uses the alternate marker (`*` for bullets, `)` for ordered lists).
 */
function blocks(node: PMNode): string[] {
  const out: string[] = [];
  let alternate = false;
  let previous: PMNode | null = null;
  node.forEach((child) => {
    const same = family(child) !== null && family(child) === family(previous);
    const flip = same ? !alternate : false;
    const text = flip ? serializeList(child, true) : serializeBlock(child);
    out.push(text);
    // A block written as nothing does not keep two lists apart, nor change whose turn it is.
    if (text === "") return;
    previous = child;
    alternate = flip;
  });
  return out;
}

/**
 * A list can follow a paragraph on the next line only if it may interrupt one:
 * not when it starts with an empty item (`-` would underline a setext heading)
 * or, if ordered, at a number other than 1 (it would be paragraph text).
 */
function interrupts(list: PMNode, text: string): boolean {
  if (list.type.name === "orderedList" && list.attrs.start !== 1) return false;
  return !/^(?:[-*]|\d+[.)])(?:\n|$)/.test(text);
}

/** Within an item, a nested list follows its paragraph directly; other blocks need a blank line. */
function itemBody(item: PMNode): string {
  const parts: string[] = [];
  const texts = blocks(item);
  item.forEach((child, _o, i) => {
    const text = texts[i]!;
    // An empty block cannot be written inside an item (a blank first line ends it).
    if (text === "") return;
    const isList = child.type.spec.group?.includes("list") === true;
    if (parts.length > 0) parts.push(isList && interrupts(child, text) ? "\n" : "\n\n");
    parts.push(text);
  });
  return parts.join("");
}

function isTight(list: PMNode): boolean {
  let tight = true;
  list.forEach((item) =>
    item.forEach((child, _o, i) => {
      // Only what is written counts: an empty paragraph after the first is not.
      const written = !(child.type.name === "paragraph" && serializeBlock(child) === "");
      if (i > 0 && written && !child.type.spec.group?.includes("list")) tight = false;
    }),
  );
  return tight;
}

/** The first block after an item's first paragraph that is written at all. */
function firstWritten(item: PMNode): PMNode | undefined {
  for (let i = 1; i < item.childCount; i++) {
    if (serializeBlock(item.child(i)) !== "") return item.child(i);
  }
  return undefined;
}

/** An empty first paragraph cannot be written: `- [ ]` alone reads as text, `- ---` as a rule. */
function itemText(item: PMNode, task: boolean): string {
  const body = itemBody(item);
  const first = item.firstChild;
  // Empty as written: a paragraph of nothing but trailing hard breaks is too.
  if (first?.type.name !== "paragraph" || serializeBlock(first) !== "") return body;
  // A task marker needs text after it: a space, written as a reference, is the least.
  if (task) return body === "" ? "&#32;" : `&#32;\n\n${body}`;
  // A paragraph next (an embed is written as one, its link line) would become the first one:
  // the empty one is written as a space.
  const next = firstWritten(item)?.type.name;
  if (next === "paragraph" || next === "embed") return `&#32;\n\n${body}`;
  // Otherwise the marker stands alone and the next block starts the item on the next line.
  return body === "" ? "" : `\n${body}`;
}

function list(node: PMNode, marker: (item: PMNode, i: number) => string): string {
  const items: string[] = [];
  const task = node.type.name === "taskList";
  node.forEach((item, _o, i) => {
    const m = marker(item, i);
    const body = itemText(item, task);
    // The marker width, not the checkbox, sets the continuation indent.
    const width = task ? 2 : m.length;
    const bare = body === "" || body.startsWith("\n");
    items.push(indent(body, bare ? m.trimEnd() : m, " ".repeat(width)));
  });
  return items.join(isTight(node) ? "\n" : "\n\n");
}

function serializeList(node: PMNode, alternate: boolean): string {
  const bullet = alternate ? "*" : "-";
  if (node.type.name === "orderedList") {
    const start = node.attrs.start as number;
    return list(node, (_item, i) => `${start + i}${alternate ? ")" : "."} `);
  }
  if (node.type.name === "taskList") {
    return list(node, (item) => `${bullet} [${item.attrs.checked ? "x" : " "}] `);
  }
  return list(node, () => `${bullet} `);
}

function codeBlock(node: PMNode): string {
  const code = node.textContent;
  const longest = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  const lang = typeof node.attrs.language === "string" ? node.attrs.language : "";
  return code === "" ? `${fence}${lang}\n${fence}` : `${fence}${lang}\n${code}\n${fence}`;
}

function embed(node: PMNode): string {
  const url = String(node.attrs.url);
  const title =
    typeof node.attrs.title === "string" && node.attrs.title !== "" ? node.attrs.title : url;
  return `[${escapeText(title.replace(/\s*\n\s*/g, " "), BLOCK)}${linkTail(url, null, BLOCK)}`;
}

const NODES: Record<string, Serializer> = {
  doc: (node) =>
    blocks(node)
      .filter((b) => b !== "")
      .join("\n\n"),
  paragraph: (node) => inlineMarkdown(node, BLOCK),
  heading: (node) => {
    const text = inlineMarkdown(node, { table: false, heading: true });
    return `${"#".repeat(node.attrs.level as number)}${text === "" ? "" : ` ${text}`}`;
  },
  blockquote: (node) =>
    blocks(node)
      .filter((b) => b !== "")
      .join("\n\n")
      .split("\n")
      .map((line) => (line === "" ? ">" : `> ${line}`))
      .join("\n"),
  bulletList: (node) => serializeList(node, false),
  orderedList: (node) => serializeList(node, false),
  taskList: (node) => serializeList(node, false),
  listItem: itemBody,
  taskItem: itemBody,
  codeBlock,
  horizontalRule: () => "---",
  image: (node) => image(node, BLOCK),
  embed,
  table,
  // Only reachable for a malformed document; keeps the serializer total.
  text: (node) => escapeText(node.text ?? "", BLOCK),
  hardBreak: () => "",
  tableRow: () => "",
  tableCell: cellText,
  tableHeader: cellText,
};

// A list asks of its items' blocks whether they are written at all, and then writes them:
// each block is serialized once per document (a block's Markdown depends on it alone), or
// nested lists would be written again at every level.
let written: Map<PMNode, string> | null = null;

function serializeBlock(node: PMNode): string {
  const known = written?.get(node);
  if (known !== undefined) return known;
  const serializer = NODES[node.type.name];
  if (!serializer) throw new Error(`no Markdown serializer for node type ${node.type.name}`);
  const text = serializer(node);
  written?.set(node, text);
  return text;
}

/** Markdown for a normalized document; an empty document gives "". */
export function renderMarkdown(doc: PMNode): string {
  written = new Map();
  try {
    return serializeBlock(doc);
  } finally {
    written = null;
  }
}
