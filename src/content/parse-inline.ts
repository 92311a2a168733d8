// markdown-it's inline tokens → TipTap inline JSON (text with marks, hard breaks, images).
import type { Token } from "./markdown-reader.js";

export type Json = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Json[];
  text?: string;
  marks?: Json[];
  /** While reading a list: the item's task marker, if its first paragraph has one. */
  task?: { checked: boolean; text: Json | undefined; length: number };
};

export const text = (value: string, marks: Json[]): Json[] =>
  value === "" ? [] : [{ type: "text", text: value, marks }];

const MARKS: Record<string, string> = { em: "italic", strong: "bold", s: "strike", link: "link" };

/** Plain text of inline tokens (image alt text cannot hold markup). */
function plain(tokens: Token[]): string {
  return inline(tokens)
    .map((node) => node.text ?? "")
    .join("");
}

function mark(token: Token): Json {
  const type = MARKS[token.type.replace(/_open$/, "")]!;
  if (type !== "link") return { type };
  return { type, attrs: { href: token.attrGet("href"), title: token.attrGet("title") } };
}

function leaf(token: Token, marks: Json[]): Json[] {
  switch (token.type) {
    case "text":
    case "text_special":
    case "html_inline": // literal text: the raw tag is shown, never interpreted
      return text(token.content, marks);
    case "code_inline":
      return text(token.content, [...marks, { type: "code" }]);
    case "softbreak":
      return text("\n", marks);
    case "hardbreak":
      return [{ type: "hardBreak" }];
    case "image": {
      const attrs = { src: token.attrGet("src"), alt: plain(token.children ?? []) };
      return [{ type: "image", attrs: { ...attrs, title: token.attrGet("title") } }];
    }
    default:
      return text(token.content, marks);
  }
}

export function inline(tokens: Token[]): Json[] {
  const out: Json[] = [];
  const marks: Json[] = [];
  for (const token of tokens) {
    if (token.nesting === 1) marks.push(mark(token));
    else if (token.nesting === -1) {
      const type = mark(token).type;
      marks.splice(
        marks.findLastIndex((m) => m.type === type),
        1,
      );
    } else out.push(...leaf(token, [...marks]));
  }
  return out;
}
