// Markdown → TipTap JSON from markdown-it's token stream (markdown-reader.ts).
// Raw HTML is kept as literal text, never passed through as markup.
import { ContentError, MAX_DEPTH } from "./errors.js";
import { readMarkdown, type Token } from "./markdown-reader.js";
import { inline, text, type Json } from "./parse-inline.js";

// "A task list item marker consists of optional spaces, a left bracket ([), either a
// whitespace character or the letter x in either lowercase or uppercase, and then a
// right bracket (])", followed by whitespace (GFM spec 5.3), in the item's first paragraph.
const TASK = /^\[([ \txX])\][ \t]+/;

/** HTML blocks become paragraphs of literal text, one hard break per source line. */
function literalLines(raw: string): Json {
  const lines = raw.replace(/\s+$/, "").split("\n");
  const content = lines.flatMap((line, i) => [
    ...(i > 0 ? [{ type: "hardBreak" }] : []),
    ...text(line, []),
  ]);
  return { type: "paragraph", content };
}

function code(token: Token): Json {
  const language = token.info.trim().split(/\s+/)[0] || null;
  return {
    type: "codeBlock",
    attrs: { language },
    content: text(token.content.replace(/\n$/, ""), []),
  };
}

function cell(token: Token): Json {
  const align = /text-align:(left|right|center)/.exec(String(token.attrGet("style") ?? ""))?.[1];
  const type = token.type === "th_open" ? "tableHeader" : "tableCell";
  return { type, attrs: { align: align ?? null }, content: [{ type: "paragraph", content: [] }] };
}

/** The node a block-opening token starts, or null for wrappers the schema does not have. */
function opened(token: Token): Json | null {
  switch (token.type) {
    case "paragraph_open":
      return { type: "paragraph", content: [] };
    case "heading_open":
      return { type: "heading", attrs: { level: Number(token.tag.slice(1)) }, content: [] };
    case "blockquote_open":
      return { type: "blockquote", content: [] };
    case "bullet_list_open":
      return { type: "bulletList", content: [] };
    case "ordered_list_open":
      return {
        type: "orderedList",
        attrs: { start: Number(token.attrGet("start") ?? 1) },
        content: [],
      };
    case "list_item_open":
      return { type: "listItem", content: [] };
    case "table_open":
      return { type: "table", content: [] };
    case "tr_open":
      return { type: "tableRow", content: [] };
    case "th_open":
    case "td_open":
      return cell(token);
    default:
      return null;
  }
}

/** A leaf block, or null. */
function leaf(token: Token): Json | null {
  if (token.type === "fence" || token.type === "code_block") return code(token);
  if (token.type === "hr") return { type: "horizontalRule" };
  if (token.type === "html_block") return literalLines(token.content);
  return null;
}

/** Inline content lands in the open textblock (a table cell's is its paragraph). */
function fill(parent: Json, token: Token, item: Json | undefined): void {
  const target = parent.type.startsWith("table") ? parent.content![0]! : parent;
  const isFirst = item !== undefined && item.content![0] === parent;
  const task = isFirst ? TASK.exec(token.content) : null;
  target.content = inline(token.children ?? []);
  if (task)
    item!.task = { checked: task[1] !== " ", text: target.content[0], length: task[0].length };
}

/** An item opens with a paragraph; a list of nothing but task items is a task list. */
function closeList(list: Json): void {
  for (const item of list.content!) {
    if (item.content![0]?.type !== "paragraph") item.content!.unshift({ type: "paragraph" });
  }
  const tasks = list.type === "bulletList" && list.content!.every((i) => i.task);
  for (const item of list.content!) {
    if (tasks) {
      // The marker and the blanks after it, as written (an escaped or referenced tab after
      // them is text); a first paragraph of nothing but a blank is empty (`- [ ] &#32;`).
      const { text: first, length } = item.task!;
      if (first?.text !== undefined) first.text = first.text.slice(length);
      if (first?.text?.trim() === "" && item.content![0]!.content!.length === 1) first.text = "";
      item.type = "taskItem";
      item.attrs = { checked: item.task!.checked };
    }
    delete item.task;
  }
  if (tasks) list.type = "taskList";
}

function blocks(tokens: Token[]): Json[] {
  const root: Json = { type: "doc", content: [] };
  const stack: Json[] = [root];
  const items: Json[] = [];
  for (const token of tokens) {
    const parent = stack.at(-1)!;
    const node = opened(token) ?? leaf(token);
    if (node) {
      parent.content!.push(node);
      if (token.nesting !== 1) continue;
      stack.push(node);
      if (stack.length > MAX_DEPTH)
        throw new ContentError("markdown", `nesting deeper than ${MAX_DEPTH} levels`);
      if (node.type === "listItem") items.push(node);
    } else if (token.type === "inline") fill(parent, token, items.at(-1));
    else if (token.nesting === -1 && !/^t(head|body)_/.test(token.type)) {
      const closed = stack.pop()!;
      if (closed.type === "listItem") items.pop();
      if (closed.type === "bulletList" || closed.type === "orderedList") closeList(closed);
    }
  }
  return root.content!;
}

/** Parse Markdown into unvalidated TipTap JSON; normalizeDoc checks it against the schema. */
export function parseMarkdown(markdown: string): Json {
  let tokens: Token[];
  try {
    tokens = readMarkdown(markdown);
  } catch (error) {
    // markdown-it recurses per nesting level; pathological nesting exhausts the stack.
    if (error instanceof RangeError) throw new ContentError("markdown", "nesting is too deep");
    throw error;
  }
  return { type: "doc", content: blocks(tokens) };
}
