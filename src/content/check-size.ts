// One pass over untrusted JSON before anything is built from it: nesting depth, node
// count, text size and expanded table cells, each against its limit (limits.ts).
// Iterative, so 100 000 levels cannot overflow the stack.
import { ContentError, MAX_DEPTH } from "./errors.js";
import { checkChars, expandedCells, LIMITS, tooManyNodes } from "./limits.js";

type Frame = { node: unknown; depth: number; parent: Frame | null; index: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function pathOf(frame: Frame, rootPath: string): string {
  let path = "";
  for (let f: Frame | null = frame; f?.parent; f = f.parent) path = `.content[${f.index}]${path}`;
  return `${rootPath}${path}`;
}

export function checkSize(root: unknown, rootPath: string): void {
  const stack: Frame[] = [{ node: root, depth: 1, parent: null, index: 0 }];
  let nodes = 0;
  let text = 0;
  let cells = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (!isObject(frame.node)) continue;
    if (++nodes > LIMITS.nodes) throw tooManyNodes(pathOf(frame, rootPath));
    const { content, type } = frame.node;
    if (typeof frame.node.text === "string") {
      text += frame.node.text.length;
      if (text > LIMITS.textChars)
        checkChars(pathOf(frame, rootPath), "the document's text", text, LIMITS.textChars);
    }
    if (type === "table") {
      cells += expandedCells(frame.node);
      if (cells > LIMITS.tableCells) {
        const message = `tables have ${cells.toLocaleString("en-US")} cells once colspans and rowspans are written out, over the limit of ${LIMITS.tableCells.toLocaleString("en-US")}`;
        throw new ContentError(pathOf(frame, rootPath), message);
      }
    }
    if (!Array.isArray(content)) continue;
    if (frame.depth >= MAX_DEPTH && content.length > 0)
      throw new ContentError(pathOf(frame, rootPath), `nesting deeper than ${MAX_DEPTH} levels`);
    // Pushed last to first, so nodes are met in document order and the path names the first one over.
    for (let index = content.length - 1; index >= 0; index--)
      stack.push({ node: content[index], depth: frame.depth + 1, parent: frame, index });
  }
}
