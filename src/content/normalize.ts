// Turns untrusted TipTap JSON into a schema-valid ProseMirror document:
// validates shapes (ContentError with a path), unwraps unknown node types,
// drops unknown marks and attributes, and counts what it did not know.
import { Mark, type Node as PMNode } from "@tiptap/pm/model";
import { cleanAttrs, DROP, wellFormed } from "./attrs.js";
import { checkSize } from "./check-size.js";
import { ContentError, Where, type Path } from "./errors.js";
import { buildCodeBlock, buildContainer, buildTextblock } from "./repair.js";
import { schema } from "./schema.js";

type Raw = Record<string, unknown>;
export type Counts = Record<string, number>;

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shape(raw: unknown, path: Path) {
  if (!isObject(raw)) throw new ContentError(String(path), "must be an object");
  const { type, content, marks, attrs } = raw;
  if (typeof type !== "string") throw new ContentError(`${path}.type`, "must be a string");
  if (content !== undefined && !Array.isArray(content)) {
    throw new ContentError(`${path}.content`, "must be an array");
  }
  if (marks !== undefined && !Array.isArray(marks)) {
    throw new ContentError(`${path}.marks`, "must be an array");
  }
  if (attrs !== undefined && attrs !== null && !isObject(attrs)) {
    throw new ContentError(`${path}.attrs`, "must be an object");
  }
  return { type, content: (content ?? []) as unknown[], marks: (marks ?? []) as unknown[], attrs };
}

class Normalizer {
  readonly unknown: Counts = {};

  private count(key: string) {
    this.unknown[key] = (this.unknown[key] ?? 0) + 1;
  }

  marks(raw: unknown[], path: Path): readonly Mark[] {
    let set: readonly Mark[] = Mark.none;
    for (let i = 0; i < raw.length; i++) {
      const at = new Where(path, "marks", i);
      const { type, attrs } = shape(raw[i], at);
      const markType = schema.marks[type];
      if (!markType) {
        this.count(`mark:${type}`);
        continue;
      }
      const clean = cleanAttrs(type, attrs ?? undefined, at);
      if (clean !== DROP) set = markType.create(clean).addToSet(set);
    }
    return set;
  }

  /** The children's nodes, in order, pushed onto `out` (an unknown node gives what it wraps). */
  children(raw: unknown[], path: Path, out: PMNode[] = []): PMNode[] {
    for (let i = 0; i < raw.length; i++) this.node(raw[i], new Where(path, "content", i), out);
    return out;
  }

  node(raw: unknown, path: Path, out: PMNode[]): void {
    const { type, content, marks, attrs } = shape(raw, path);
    const text = (raw as Raw).text;
    if (type === "text") {
      if (typeof text !== "string") throw new ContentError(`${path}.text`, "must be a string");
      if (text !== "") out.push(schema.text(wellFormed(text), this.marks(marks, path)));
      return;
    }
    const nodeType = type === "doc" ? undefined : schema.nodes[type];
    if (!nodeType) {
      // Unknown: keep what it wraps (and any text it carries); the parent decides the fit.
      this.count(`node:${type}`);
      this.marks(marks, path);
      if (typeof text === "string" && text !== "") out.push(schema.text(wellFormed(text)));
      this.children(content, path, out);
      return;
    }
    const clean = cleanAttrs(type, attrs ?? undefined, path);
    if (clean === DROP) return;
    const children = this.children(content, path);
    if (nodeType.isLeaf) out.push(nodeType.create(clean));
    else if (nodeType.spec.code) out.push(buildCodeBlock(nodeType, clean, children));
    else if (nodeType.isTextblock) out.push(...buildTextblock(nodeType, clean, children));
    else out.push(...buildContainer(nodeType, clean, children, path));
  }

  doc(raw: unknown, path: string): PMNode {
    const { type, content } = shape(raw, path);
    if (type !== "doc") throw new ContentError(`${path}.type`, 'must be "doc"');
    const [doc] = buildContainer(schema.topNodeType, null, this.children(content, path), path);
    // The schema's own check, once over the whole tree: what the repairs built must fit it.
    try {
      doc!.check();
    } catch (error) {
      throw new ContentError(path, (error as Error).message);
    }
    return doc!;
  }
}

/** Validate and normalize a TipTap JSON document (already parsed). */
export function normalizeDoc(raw: unknown, path = "json"): { doc: PMNode; unknownTypes: Counts } {
  if (!isObject(raw)) throw new ContentError(path, 'must be a TipTap document (type "doc")');
  checkSize(raw, path);
  const normalizer = new Normalizer();
  const doc = normalizer.doc(raw, path);
  return { doc, unknownTypes: normalizer.unknown };
}
