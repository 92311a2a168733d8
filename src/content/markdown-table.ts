// GFM tables. A GFM cell holds one line of inline content, so block content in
// a cell is flattened and spans are approximated (see docs/content.md).
import type { Node as PMNode } from "@tiptap/pm/model";
import { inlineMarkdown } from "./markdown-inline.js";
import { image, type InlineContext } from "./markdown-text.js";

const CELL: InlineContext = { table: true, heading: false };

/** A cell's blocks flattened to one line: GFM cells cannot hold block content; images stay inline. */
export function cellText(cell: PMNode): string {
  const parts: string[] = [];
  cell.descendants((node) => {
    if (node.type.name === "image") parts.push(image(node, CELL));
    if (!node.isTextblock) return true;
    const text = inlineMarkdown(node, CELL).trim();
    if (text !== "") parts.push(text);
    return false;
  });
  return parts.join(" ");
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
