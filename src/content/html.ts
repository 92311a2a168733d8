// ProseMirror document → the stored HTML, through each extension's own renderHTML, each
// element passing the allow-list (sanitize.ts) as it is written. The bytes are those of
// TipTap's static renderer followed by sanitize-html with the same list (the tests hold
// them side by side), without the static renderer's per-node props, closures and scans of
// every extension attribute, nor parsing the HTML again to sanitize it: on a 5 KB post
// those were most of a write's rendering. Each type's rendered attributes are picked once.
import {
  getAttributesFromExtensions,
  getExtensionField,
  mergeAttributes,
  resolveExtensions,
  splitExtensions,
  type ExtensionAttribute,
} from "@tiptap/core";
import { Mark, type DOMOutputSpec, type Node as PMNode } from "@tiptap/pm/model";
import { escapeText, sanitizeElement, SELF_CLOSING, type Attributes } from "./sanitize.js";
import { extensions } from "./schema.js";

type Attrs = Record<string, unknown>;
type RenderHtml = (props: { node?: PMNode; mark?: Mark; HTMLAttributes: Attrs }) => DOMOutputSpec;

interface TypeRenderer {
  renderHTML: RenderHtml;
  /** This type's attributes that reach the HTML, in the extensions' order. */
  rendered: ExtensionAttribute[];
}

const resolved = resolveExtensions(extensions);
const attributes = getAttributesFromExtensions(resolved);
const { nodeExtensions, markExtensions } = splitExtensions(resolved);

function renderers(list: typeof resolved): Map<string, TypeRenderer> {
  const out = new Map<string, TypeRenderer>();
  for (const extension of list) {
    const context = {
      name: extension.name,
      options: extension.options,
      storage: extension.storage,
      parent: extension.parent,
    };
    const renderHTML = getExtensionField<RenderHtml | undefined>(extension, "renderHTML", context);
    if (renderHTML === undefined) continue;
    const rendered = attributes.filter((a) => a.type === extension.name && a.attribute.rendered);
    out.set(extension.name, { renderHTML, rendered });
  }
  return out;
}

const nodeRenderers = renderers(nodeExtensions);
const markRenderers = renderers(markExtensions);

/** An attribute without its own renderHTML (or whose renderHTML gives nothing) is written as stored. */
function htmlAttributes(stored: Attrs, rendered: ExtensionAttribute[]): Attrs {
  const merged: Attrs = {};
  for (const { name, attribute } of rendered) {
    const own = attribute.renderHTML?.(stored) as Attrs | null | undefined;
    if (own) for (const key of Object.keys(own)) mergeInto(merged, key, own[key]);
    else mergeInto(merged, name, name in stored ? stored[name] : attribute.default);
  }
  return merged;
}

/** One attribute merged as TipTap's mergeAttributes merges it (classes and styles joined). */
function mergeInto(merged: Attrs, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(merged, key, {
      configurable: true,
      enumerable: true,
      value,
      writable: true,
    });
  } else if ((key === "class" || key === "style") && merged[key]) {
    merged[key] = mergeAttributes({ [key]: merged[key] }, { [key]: value })[key];
  } else {
    merged[key] = value;
  }
}

/**
 * A spec's attributes as a browser would read them from the written tag: values as text,
 * null and undefined left out, a namespaced name by its local part, lower case, the first
 * of a name kept.
 */
function readAttributes(attrs: Attrs, into: Attributes): Attributes {
  for (const key in attrs) {
    if (!Object.hasOwn(attrs, key)) continue;
    const value = attrs[key];
    if (value === null || value === undefined) continue;
    const name = (key.includes(" ") ? key.split(" ").at(-1)! : key).toLowerCase();
    if (!Object.hasOwn(into, name)) into[name] = String(value);
  }
  return into;
}

/** The element `tag` (lower case), through the allow-list (sanitize.ts), around `inner`. */
function element(tag: string, attribs: Attributes, inner: string): string {
  const verdict = sanitizeElement(tag, attribs);
  if (verdict === "drop") return "";
  if (verdict === "unwrap") return inner;
  return SELF_CLOSING.has(tag) ? verdict.open + inner : `${verdict.open}${inner}</${tag}>`;
}

/** A DOMOutputSpec as safe HTML; `hole` is what its `0` stands for (already safe). */
function specHtml(spec: DOMOutputSpec, hole: string): string {
  if (typeof spec === "string") return escapeText(spec);
  if (typeof spec !== "object" || spec === null || !("length" in spec)) {
    throw new Error("renderHTML returned a spec other than a string or an array");
  }
  const [first, attrs, children, ...rest] = spec as readonly unknown[];
  const name = first as string;
  const space = name.indexOf(" ");
  // A namespaced tag is written with its namespace as its first attribute.
  const attribs: Attributes = space < 0 ? {} : { xmlns: name.slice(0, space) };
  const tag = (space < 0 ? name : name.slice(space + 1)).toLowerCase();
  let inner = "";
  if (attrs === 0) {
    inner = hole;
  } else if (Array.isArray(attrs)) {
    inner = specHtml(attrs as DOMOutputSpec, hole);
    // TipTap's renderer joins these with commas (it interpolates an array).
    if (children !== undefined && children !== 0) {
      inner += [children, ...rest].map((c) => specHtml(c as DOMOutputSpec, hole)).join(",");
    }
  } else if (attrs !== undefined) {
    if (typeof attrs !== "object") {
      throw new Error("renderHTML returned a spec whose attributes are not an object");
    }
    if (attrs !== null) readAttributes(attrs as Attrs, attribs);
    if (children === 0) inner = hole;
    else if (children !== undefined) {
      inner = specHtml(children as DOMOutputSpec, hole);
      for (const child of rest) inner += specHtml(child as DOMOutputSpec, hole);
    }
  }
  return element(tag, attribs, inner);
}

/**
 * Types whose renderHTML reads nothing of a node or mark but its attributes: their tags around
 * the content are made once per set of attributes and kept, as a post repeats them hundreds of
 * times. Not links, images or embeds (their attributes are addresses, nearly all different),
 * nor tables (their columns are read from their cells).
 */
const SAME_BY_ATTRIBUTES: ReadonlySet<string> = new Set([
  "paragraph",
  "heading",
  "blockquote",
  "bulletList",
  "orderedList",
  "listItem",
  "codeBlock",
  "horizontalRule",
  "hardBreak",
  "taskList",
  "taskItem",
  "tableRow",
  "tableCell",
  "tableHeader",
  "bold",
  "italic",
  "strike",
  "underline",
  "code",
  "highlight",
  "subscript",
  "superscript",
]);

/**
 * What stands for the content while a type's tags are made. Where an attribute holds it too,
 * the split is not made and that type is rendered each time.
 */
const HOLE = "\u0000";

/** The HTML before and after a type's content; null when it cannot be split so. */
type Wrap = { open: string; close: string } | null;
const wraps = new Map<string, Wrap>();
const WRAPS_KEPT = 1024;

/** What a node's or mark's type renders it as, through its extension's renderHTML. */
function specOf(renderer: TypeRenderer, item: PMNode | Mark): DOMOutputSpec {
  const HTMLAttributes = htmlAttributes(item.attrs, renderer.rendered);
  return item instanceof Mark
    ? renderer.renderHTML({ mark: item, HTMLAttributes })
    : renderer.renderHTML({ node: item, HTMLAttributes });
}

function wrapOf(renderer: TypeRenderer, item: PMNode | Mark): Wrap {
  const key = wrapKey(item);
  let wrap = wraps.get(key);
  if (wrap !== undefined) return wrap;
  const html = specHtml(specOf(renderer, item), HOLE);
  const at = html.indexOf(HOLE);
  if (at >= 0 && html.indexOf(HOLE, at + 1) < 0) {
    wrap = { open: html.slice(0, at), close: html.slice(at + HOLE.length) };
  } else {
    const leaf = !(item instanceof Mark) && item.isLeaf;
    wrap = at < 0 && leaf ? { open: html, close: "" } : null;
  }
  if (wraps.size >= WRAPS_KEPT) wraps.clear();
  wraps.set(key, wrap);
  return wrap;
}

/** A node's or mark's HTML around `hole`: from the tags kept for its attributes, or rendered. */
function wrapped(renderer: TypeRenderer, item: PMNode | Mark, hole: string): string {
  if (SAME_BY_ATTRIBUTES.has(item.type.name)) {
    const wrap = wrapOf(renderer, item);
    if (wrap !== null) return wrap.open + hole + wrap.close;
  }
  return specHtml(specOf(renderer, item), hole);
}

/** Its kind, type and attribute values, in the schema's order (a type's names never vary). */
function wrapKey(item: PMNode | Mark): string {
  let key = `${item instanceof Mark ? "mark" : "node"}:${item.type.name}`;
  const attrs: Attrs = item.attrs;
  for (const attribute in attrs) {
    const value = attrs[attribute];
    key +=
      typeof value === "string"
        ? value.includes("\u0001")
          ? `\u0001j${JSON.stringify(value)}`
          : `\u0001s${value}`
        : typeof value === "object" && value !== null
          ? `\u0001o${JSON.stringify(value)}`
          : `\u0001${String(value)}`;
  }
  return key;
}

function nodeHtml(node: PMNode): string {
  let html: string;
  if (node.isText) {
    html = escapeText(node.text!);
  } else {
    let hole = "";
    const children = node.content;
    for (let i = 0; i < children.childCount; i++) hole += nodeHtml(children.child(i));
    const name = node.type.name;
    if (name === "doc") {
      html = hole;
    } else {
      const renderer = nodeRenderers.get(name);
      if (renderer === undefined) throw new Error(`no HTML rendering for node type ${name}`);
      html = wrapped(renderer, node, hole);
    }
  }
  // Each mark wraps the node alone, the first (innermost by the schema's order) first.
  for (const mark of node.marks) {
    const renderer = markRenderers.get(mark.type.name);
    if (renderer === undefined)
      throw new Error(`no HTML rendering for mark type ${mark.type.name}`);
    html = wrapped(renderer, mark, html);
  }
  return html;
}

/** The stored HTML of a normalized document: only what the allow-list lets through. */
export function renderHtml(doc: PMNode): string {
  return nodeHtml(doc);
}

/** A spec written through the allow-list on its own, whatever renderHTML made it. */
export function renderSpec(spec: DOMOutputSpec): string {
  return specHtml(spec, "");
}
