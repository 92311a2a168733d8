// The work one document may cost. Real posts stay far below each
// limit: the 10 MB document of bench/big-document.ts has 125,000 nodes and 8 M
// characters of text. Past a limit the document is refused with a ContentError
// naming where, before the expensive steps run, so memory stays bounded.
import { ContentError } from "./errors.js";

export const LIMITS = {
  /** Characters of a Markdown source, or of a JSON source given as a string. */
  markdownChars: 16 * 1024 * 1024,
  /** Lines of a Markdown source: the reader indexes every line before it reads any. */
  markdownLines: 1_000_000,
  jsonChars: 64 * 1024 * 1024,
  /** Characters in all text nodes of a JSON document. */
  textChars: 16 * 1024 * 1024,
  /** Nodes of the document (text nodes included); so may markdown-it's tokens that become nodes. */
  nodes: 250_000,
  /** All of markdown-it's tokens for one document (text runs split at punctuation count). */
  markdownTokens: 2_000_000,
  /** Cells of all tables once colspans and rowspans are written out (as GFM must). */
  tableCells: 100_000,
  /** Characters of the derived Markdown and of the derived HTML. */
  derivedChars: 32 * 1024 * 1024,
};

const n = (count: number) => count.toLocaleString("en-US");

export function checkChars(path: string, what: string, length: number, limit: number): void {
  if (length > limit) {
    throw new ContentError(
      path,
      `${what} has ${n(length)} characters, over the limit of ${n(limit)}`,
    );
  }
}

export function tooManyNodes(path: string): ContentError {
  return new ContentError(path, `the document has more than ${n(LIMITS.nodes)} nodes (the limit)`);
}

const span = (attrs: unknown, name: string): number => {
  const value = (attrs as Record<string, unknown> | null | undefined)?.[name];
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1000
    ? (value as number)
    : 1;
};

/** Cells of a raw table once spans are written out: its rows (extended by rowspans) × its widest row. */
export function expandedCells(table: { content?: unknown }): number {
  const rows = Array.isArray(table.content) ? table.content : [];
  let width = 0;
  let height = rows.length;
  rows.forEach((row, r) => {
    const cells = Array.isArray((row as { content?: unknown })?.content)
      ? (row as { content: unknown[] }).content
      : [];
    let w = 0;
    for (const cell of cells) {
      const attrs = (cell as { attrs?: unknown })?.attrs;
      w += span(attrs, "colspan");
      height = Math.max(height, r + span(attrs, "rowspan"));
    }
    width = Math.max(width, w);
  });
  return width * height;
}

/** Lines of `text` as a Markdown reader splits them (LF, CR LF or a lone CR), without copying it. */
export function lineCount(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  return lines;
}
