// Fits already-cleaned children into their parent's content expression.
// Editors (and imported Markdown) produce near-misses: text directly in a list,
// an image inside a paragraph, an empty list. Cheap repairs happen here.
import { Fragment, type Node as PMNode, type NodeType } from "@tiptap/pm/model";
import { ContentError, type Path } from "./errors.js";
import { schema } from "./schema.js";

/** A type's attributes as cleaned (attrs.ts); null: its defaults. */
type Attrs = object | null;

const { paragraph, hardBreak, text: textType } = schema.nodes as Record<string, NodeType>;
/** Containers that mean nothing when empty: dropped instead of filled with an empty item. */
const DROP_WHEN_EMPTY = new Set(["bulletList", "orderedList", "taskList", "table"]);

/** Inline content of any node, blocks separated by hard breaks so words stay apart. */
function inlineOf(node: PMNode): PMNode[] {
  if (node.isInline) return [node];
  if (node.isTextblock) return node.content.content.slice();
  const out: PMNode[] = [];
  node.forEach((child) => {
    const inner = inlineOf(child);
    if (out.length > 0 && inner.length > 0) out.push(hardBreak!.create());
    out.push(...inner);
  });
  return out;
}

/** A textblock's children: inline kept, nested blocks flattened, leaf blocks (image…) lifted out. */
export function buildTextblock(type: NodeType, attrs: Attrs, children: PMNode[]): PMNode[] {
  const out: PMNode[] = [];
  let run: PMNode[] = [];
  const flush = (always: boolean) => {
    if (run.length > 0 || always) out.push(type.create(attrs, Fragment.fromArray(run)));
    run = [];
  };
  for (const child of children) {
    if (child.isInline) run.push(child);
    else if (child.isLeaf) {
      flush(false);
      out.push(child);
    } else run.push(...inlineOf(child));
  }
  flush(out.length === 0);
  return out;
}

/** Code blocks hold plain text only: marks go, line breaks become newlines. */
export function buildCodeBlock(type: NodeType, attrs: Attrs, children: PMNode[]): PMNode {
  const parts: string[] = [];
  const walk = (node: PMNode) => {
    if (node.isText) parts.push(node.text ?? "");
    else if (node.type === hardBreak) parts.push("\n");
    else if (node.isBlock && parts.length > 0) parts.push("\n");
    node.forEach(walk);
  };
  children.forEach(walk);
  const code = parts.join("");
  return type.create(attrs, code ? textType!.schema.text(code) : null);
}

/** Runs of inline nodes in a block container become paragraphs. */
function wrapInline(children: PMNode[]): PMNode[] {
  const out: PMNode[] = [];
  let run: PMNode[] = [];
  const flush = () => {
    if (run.length > 0) out.push(paragraph!.create(null, Fragment.fromArray(run)));
    run = [];
  };
  for (const child of children) {
    if (child.isInline) run.push(child);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out;
}

/** Build a container, wrapping or unwrapping misplaced children so the schema accepts it. */
export function buildContainer(
  type: NodeType,
  attrs: Attrs,
  children: PMNode[],
  path: Path,
): PMNode[] {
  const out: PMNode[] = [];
  let match = type.contentMatch;
  const place = (child: PMNode) => {
    const direct = match.matchType(child.type);
    if (direct) {
      out.push(child);
      match = direct;
      return;
    }
    // A block that must follow something (an image first in a list item, after its
    // paragraph was lifted away): the schema's filler comes first, the block is kept.
    const filler = match.fillBefore(Fragment.from(child));
    const after = filler?.size ? match.matchFragment(filler)?.matchType(child.type) : null;
    if (filler && after) {
      filler.forEach((node) => out.push(node));
      out.push(child);
      match = after;
      return;
    }
    const wrapping = match.findWrapping(child.type);
    if (wrapping && wrapping.length > 0) {
      const wrapped = wrapping.reduceRight<PMNode | null>(
        (inner, wrapper) => (inner ? wrapper.createAndFill(null, inner) : null),
        child,
      );
      const next = wrapped && match.matchType(wrapped.type);
      if (wrapped && next) {
        out.push(wrapped);
        match = next;
        return;
      }
    }
    // Last resort: keep the child's text as a paragraph, or drop an empty leaf.
    if (child.type !== paragraph && child.textContent !== "") {
      place(paragraph!.create(null, Fragment.fromArray(inlineOf(child))));
    }
  };
  wrapInline(children).forEach(place);
  if (out.length === 0 && DROP_WHEN_EMPTY.has(type.name)) return [];
  const fill = match.fillBefore(Fragment.empty, true);
  if (!fill) throw new ContentError(String(path), `content does not fit a ${type.name}`);
  // Checked once, whole, when the document is built (normalize.ts): checking each container
  // here checked every subtree again at each level above it.
  return [type.create(attrs, Fragment.fromArray(out).append(fill))];
}
