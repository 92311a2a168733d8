// GFM tables. A GFM cell holds one line of inline content, so block content in
// a cell is flattened and spans are approximated (see docs/content.md).
import type { Node as PMNode } from "@tiptap/pm/model";
import { inlineMarkdown } from "./markdown-inline.js";
import type { InlineContext } from "./markdown-text.js";

const CELL: InlineContext = { table: true, heading: false };

/**
 * A cell's blocks as one line (GFM cells cannot hold blocks): their inline content
 * joined by a space and written once, so marks on both sides of a join merge as
 * they will when read back; images stay inline.
 */
export function cellText(cell: PMNode): string {
  const { schema } = cell.type;
  const inline: PMNode[] = [];
  cell.descendants((node) => {
    const isImage = node.type.name === "image";
    if (!isImage && !(node.isTextblock && node.childCount > 0)) return !node.isTextblock;
    // One blank between blocks, unless one is there already (reading lifts an image
    // out of its line and leaves the blank that followed it at the next block's start).
    const first = isImage ? node : node.firstChild;
    const edge = (n: PMNode | null | undefined, at: number) =>
      n?.type.name === "hardBreak" || (n?.isText === true && /^\s$/.test(n.text!.at(at)!));
    if (inline.length > 0 && !edge(inline.at(-1), -1) && !edge(first, 0))
      inline.push(schema.text(" "));
    if (isImage) inline.push(node);
    // A code block's text is plain text here: its newlines become spaces on one line.
    else node.forEach((c) => inline.push(node.type.spec.code ? schema.text(c.text ?? "") : c));
    return false;
  });
  return inlineMarkdown(schema.nodes.paragraph!.create(null, inline), CELL).trim();
}

export function table(node: PMNode): string {
  const rows: string[][] = [];
  node.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => {
      cells.push(cellText(cell));
      for (let i = 1; i < (cell.attrs.colspan as number); i++) cells.push("");
    });
    rows.push(cells);
  });
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`.replace(
      / {2}\|/g,
      " |",
    );
  // Alignment is per column: a first-row cell spanning columns aligns each of them.
  const columns: unknown[] = [];
  node.firstChild?.forEach((cell) => {
    for (let i = 0; i < (cell.attrs.colspan as number); i++) columns.push(cell.attrs.align);
  });
  const aligns = Array.from({ length: width }, (_, i) => {
    const align = columns[i];
    return align === "left"
      ? ":---"
      : align === "right"
        ? "---:"
        : align === "center"
          ? ":---:"
          : "---";
  });
  const [head = [], ...body] = rows;
  return [line(head), `| ${aligns.join(" | ")} |`, ...body.map(line)].join("\n");
}
