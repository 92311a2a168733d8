// An independent GFM reader for the fidelity tests: micromark (CommonMark + GFM, the
// reference-quality JavaScript implementation) reads Folio's Markdown into mdast, which
// is mapped here to TipTap JSON without any of Folio's own reading code.
import { decodeHTMLStrict } from "entities";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Nodes, RootContent, PhrasingContent, TableRow } from "mdast";

export type Json = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Json[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
};
type Mark = NonNullable<Json["marks"]>[number];

const MARK_OF: Record<string, string> = { emphasis: "italic", strong: "bold", delete: "strike" };

// micromark links a bare URL even when it is escaped (`www\\.example.org`,
// `mail&#64;example.org`), where cmark-gfm follows the escape, and so does Folio's
// reader (markdown-in.test.ts). Folio writes every link as `[…](…)` or `<…>`, so a
// literal autolink here is read as the plain text it is in cmark-gfm.
let source = "";
/** A literal's text, its escapes and character references read (micromark keeps them raw). */
// (found after parsing, its text is already read; found while parsing, it is the source)
const literalText = (node: Extract<PhrasingContent, { type: "link" }>) =>
  node.children
    .map((c) => ("value" in c ? c.value : ""))
    .join("")
    .replace(
      node.position === undefined
        ? /$^/
        : /\\([!-/:-@[-`{-~])|&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{0,31});/gi,
      (m, escaped?: string) => escaped ?? decodeHTMLStrict(m),
    );
// Literals found after parsing carry no position; those found while parsing start with
// their text, not with `[` or `<`.
const isLiteral = (node: PhrasingContent) =>
  node.position === undefined || !/^[[<]/.test(source.slice(node.position.start.offset));

function inline(nodes: PhrasingContent[], marks: Mark[]): Json[] {
  return nodes.flatMap((node): Json[] => {
    switch (node.type) {
      case "text":
        return [{ type: "text", text: node.value, marks }];
      case "inlineCode":
        return [{ type: "text", text: node.value, marks: [...marks, { type: "code" }] }];
      case "break":
        return [{ type: "hardBreak" }];
      case "image":
        return [
          {
            type: "image",
            attrs: { src: node.url, alt: node.alt ?? "", title: node.title ?? null },
          },
        ];
      case "link": {
        if (isLiteral(node)) return [{ type: "text", text: literalText(node), marks }];
        const link = { type: "link", attrs: { href: node.url, title: node.title ?? null } };
        return inline(node.children, [...marks, link]);
      }
      case "emphasis":
      case "strong":
      case "delete":
        return inline(node.children, [...marks, { type: MARK_OF[node.type]! }]);
      default:
        // Raw HTML, references, footnotes: Folio never writes them, so they are findings.
        return [{ type: "text", text: `«${node.type}»`, marks }];
    }
  });
}

function row(node: TableRow, header: boolean, align: (string | null | undefined)[]): Json {
  return {
    type: "tableRow",
    content: node.children.map((cell, i) => ({
      type: header ? "tableHeader" : "tableCell",
      attrs: { align: align[i] ?? null },
      content: [{ type: "paragraph", content: inline(cell.children, []) }],
    })),
  };
}

function list(node: Extract<Nodes, { type: "list" }>): Json {
  const tasks = !node.ordered && node.children.every((item) => typeof item.checked === "boolean");
  const type = node.ordered ? "orderedList" : tasks ? "taskList" : "bulletList";
  const attrs = node.ordered ? { start: node.start ?? 1 } : undefined;
  const content = node.children.map((item) => {
    const body = blocks(item.children);
    if (tasks) return { type: "taskItem", attrs: { checked: item.checked }, content: body };
    // A checkbox in a list that is not all tasks: «[x]» marks it as a finding.
    const box = typeof item.checked === "boolean" ? [{ type: "text", text: "«task»" }] : [];
    return {
      type: "listItem",
      content: [...(box.length ? [{ type: "paragraph", content: box }] : []), ...body],
    };
  });
  return { type, ...(attrs ? { attrs } : {}), content };
}

function block(node: RootContent): Json[] {
  switch (node.type) {
    case "paragraph":
      return [{ type: "paragraph", content: inline(node.children, []) }];
    case "heading":
      return [
        { type: "heading", attrs: { level: node.depth }, content: inline(node.children, []) },
      ];
    case "thematicBreak":
      return [{ type: "horizontalRule" }];
    case "blockquote":
      return [{ type: "blockquote", content: blocks(node.children) }];
    case "code":
      return [
        {
          type: "codeBlock",
          attrs: { language: node.lang ?? null },
          content: node.value === "" ? [] : [{ type: "text", text: node.value }],
        },
      ];
    case "list":
      return [list(node)];
    case "table": {
      const [head, ...body] = node.children;
      const align = node.align ?? [];
      return [
        {
          type: "table",
          content: [
            ...(head ? [row(head, true, align)] : []),
            ...body.map((r) => row(r, false, align)),
          ],
        },
      ];
    }
    case "definition":
      return [];
    default:
      return [{ type: "paragraph", content: [{ type: "text", text: `«${node.type}»` }] }];
  }
}

function blocks(nodes: RootContent[]): Json[] {
  return nodes.flatMap(block);
}

/** What a GFM reader makes of `markdown`, as unnormalized TipTap JSON. */
export function readGfm(markdown: string): Json {
  source = markdown;
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  return { type: "doc", content: blocks(tree.children) };
}
