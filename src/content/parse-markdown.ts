// Markdown → TipTap JSON, via marked's lexer only (no HTML rendering, no shared
// global state: see marked-lexer.ts). Raw HTML is kept as literal text, never
// passed through as markup.
import { decodeHTMLStrict } from "entities";
import type { Token, Tokens } from "marked";
import { ContentError, MAX_DEPTH } from "./errors.js";
import { lexMarkdown } from "./marked-lexer.js";

type Json = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Json[];
  text?: string;
  marks?: Json[];
};

const text = (value: string, marks: Json[]): Json[] =>
  value === "" ? [] : [{ type: "text", text: value, marks }];

/** Plain text of inline tokens (image alt text cannot hold markup). */
function plain(tokens: Token[] | undefined): string {
  return inline(tokens ?? [], [])
    .map((node) => node.text ?? "")
    .join("");
}

function inline(tokens: Token[], marks: Json[]): Json[] {
  return tokens.flatMap((token): Json[] => {
    const t = token as Tokens.Generic;
    const nested = (mark: Json) => inline(t.tokens ?? [], [...marks, mark]);
    switch (token.type) {
      case "text":
        // CommonMark entities need their `;` (`&#9a` is text), unlike HTML's lenient rules.
        return t.tokens ? inline(t.tokens, marks) : text(decodeHTMLStrict(t.text as string), marks);
      case "escape":
      case "html": // literal text: the raw tag is shown, never interpreted
      case "codespan":
        return token.type === "codespan"
          ? text(t.text as string, [...marks, { type: "code" }])
          : text(t.text as string, marks);
      case "strong":
        return nested({ type: "bold" });
      case "em":
        return nested({ type: "italic" });
      case "del":
        return nested({ type: "strike" });
      case "link":
        return nested({ type: "link", attrs: { href: t.href, title: t.title ?? null } });
      case "br":
        return [{ type: "hardBreak" }];
      case "checkbox": // loose task items carry it inline; listItem reads item.checked instead
        return [];
      case "image":
        return [
          { type: "image", attrs: { src: t.href, alt: plain(t.tokens), title: t.title ?? null } },
        ];
      default:
        return text(t.raw, marks);
    }
  });
}

/** HTML blocks become paragraphs of literal text, one hard break per source line. */
function literalLines(raw: string): Json {
  const lines = raw.replace(/\s+$/, "").split("\n");
  const content = lines.flatMap((line, i) => [
    ...(i > 0 ? [{ type: "hardBreak" }] : []),
    ...text(line, []),
  ]);
  return { type: "paragraph", content };
}

function listItem(item: Tokens.ListItem, asTask: boolean, depth: number): Json {
  const tokens = item.tokens.filter((t) => t.type !== "checkbox");
  const content = blocks(tokens, depth + 1);
  // An item opens with a paragraph in the schema; `- - a` or `- ```` start with another
  // block, which the repair would flatten to text (or drop if empty) unless one is given.
  if (content[0] !== undefined && content[0].type !== "paragraph")
    content.unshift({ type: "paragraph" });
  if (item.task && !asTask) {
    // A checkbox in a list that is not all tasks stays visible as text.
    const first = content[0];
    const box = { type: "text", text: item.checked ? "[x] " : "[ ] " };
    if (first?.type === "paragraph") first.content = [box, ...(first.content ?? [])];
  }
  return asTask
    ? { type: "taskItem", attrs: { checked: item.checked === true }, content }
    : { type: "listItem", content };
}

function list(token: Tokens.List, depth: number): Json {
  const asTask = !token.ordered && token.items.length > 0 && token.items.every((i) => i.task);
  const type = token.ordered ? "orderedList" : asTask ? "taskList" : "bulletList";
  const attrs = token.ordered ? { start: token.start === "" ? 1 : Number(token.start) } : undefined;
  return { type, attrs, content: token.items.map((item) => listItem(item, asTask, depth)) };
}

function table(token: Tokens.Table): Json {
  const cell = (type: string) => (c: Tokens.TableCell) => ({
    type,
    attrs: { align: c.align },
    content: [{ type: "paragraph", content: inline(c.tokens, []) }],
  });
  const rows = [
    token.header.map(cell("tableHeader")),
    ...token.rows.map((r) => r.map(cell("tableCell"))),
  ];
  return { type: "table", content: rows.map((content) => ({ type: "tableRow", content })) };
}

function block(token: Token, depth: number): Json[] {
  const t = token as Tokens.Generic;
  switch (token.type) {
    case "space":
    case "def":
      return [];
    case "paragraph":
    case "text":
      return [{ type: "paragraph", content: t.tokens ? inline(t.tokens, []) : text(t.text, []) }];
    case "heading":
      return [{ type: "heading", attrs: { level: t.depth }, content: inline(t.tokens ?? [], []) }];
    case "code":
      return [
        { type: "codeBlock", attrs: { language: t.lang || null }, content: text(t.text, []) },
      ];
    case "blockquote":
      return [{ type: "blockquote", content: blocks(t.tokens ?? [], depth + 1) }];
    case "list":
      return [list(token as Tokens.List, depth)];
    case "table":
      return [table(token as Tokens.Table)];
    case "hr":
      return [{ type: "horizontalRule" }];
    default: // html blocks and anything unexpected: literal text
      return [literalLines(t.raw)];
  }
}

function blocks(tokens: Token[], depth: number): Json[] {
  if (depth > MAX_DEPTH)
    throw new ContentError("markdown", `nesting deeper than ${MAX_DEPTH} levels`);
  return tokens.flatMap((token) => block(token, depth));
}

/** Parse Markdown into unvalidated TipTap JSON; normalizeDoc checks it against the schema. */
export function parseMarkdown(markdown: string): Json {
  let tokens: Token[];
  try {
    tokens = lexMarkdown(markdown);
  } catch (error) {
    // marked recurses per nesting level; pathological nesting exhausts the stack.
    if (error instanceof RangeError) throw new ContentError("markdown", "nesting is too deep");
    throw error;
  }
  return { type: "doc", content: blocks(tokens, 0) };
}
