// Turns untrusted TipTap JSON into a schema-valid ProseMirror document:
// validates shapes (ContentError with a path), unwraps unknown node types,
// drops unknown marks and attributes, and counts what it did not know.
import { Mark, type Node as PMNode } from "@tiptap/pm/model";
import { cleanAttrs, DROP, wellFormed } from "./attrs.js";
import { checkSize } from "./check-size.js";
import { ContentError } from "./errors.js";
import { buildCodeBlock, buildContainer, buildTextblock } from "./repair.js";
import { schema } from "./schema.js";

type Raw = Record<string, unknown>;
export type Counts = Record<string, number>;

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shape(raw: unknown, path: string) {
  if (!isObject(raw)) throw new ContentError(path, "must be an object");
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

  marks(raw: unknown[], path: string): readonly Mark[] {
    let set: readonly Mark[] = Mark.none;
    raw.forEach((item, i) => {
      const { type, attrs } = shape(item, `${path}.marks[${i}]`);
      const markType = schema.marks[type];
      if (!markType) return this.count(`mark:${type}`);
      const clean = cleanAttrs(type, attrs ?? undefined, `${path}.marks[${i}]`);
      if (clean !== DROP) set = markType.create(clean).addToSet(set);
    });
    return set;
  }

  children(raw: unknown[], path: string): PMNode[] {
    return raw.flatMap((child, i) => this.node(child, `${path}.content[${i}]`));
  }

  node(raw: unknown, path: string): PMNode[] {
    const { type, content, marks, attrs } = shape(raw, path);
    const text = (raw as Raw).text;
    if (type === "text") {
      if (typeof text !== "string") throw new ContentError(`${path}.text`, "must be a string");
      return text === "" ? [] : [schema.text(wellFormed(text), this.marks(marks, path))];
    }
    const nodeType = type === "doc" ? undefined : schema.nodes[type];
    if (!nodeType) {
      // Unknown: keep what it wraps (and any text it carries); the parent decides the fit.
      this.count(`node:${type}`);
      this.marks(marks, path);
      const kept = this.children(content, path);
      return typeof text === "string" && text !== ""
        ? [schema.text(wellFormed(text)), ...kept]
        : kept;
    }
    const clean = cleanAttrs(type, attrs ?? undefined, path);
    if (clean === DROP) return [];
    const children = this.children(content, path);
    if (nodeType.isLeaf) return [nodeType.create(clean)];
    if (nodeType.spec.code) return [buildCodeBlock(nodeType, clean, children)];
    if (nodeType.isTextblock) return buildTextblock(nodeType, clean, children);
    return buildContainer(nodeType, clean, children, path);
  }

  doc(raw: unknown, path: string): PMNode {
    const { type, content } = shape(raw, path);
    if (type !== "doc") throw new ContentError(`${path}.type`, 'must be "doc"');
    const [doc] = buildContainer(schema.topNodeType, {}, this.children(content, path), path);
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
