// ProseMirror document → HTML string, through each extension's own renderHTML, with the
// output @tiptap/static-renderer's HTML-string renderer gives byte for byte (the tests hold
// the two side by side). That renderer, made for any JSON, builds a props object with a
// children getter and a closure per node, and scans every extension's attributes for each
// node and mark; on a 5 KB post that was most of a write's rendering. Here each type's
// rendered attributes are picked once, and a spec is written straight into the string.
import {
  getAttributesFromExtensions,
  getExtensionField,
  mergeAttributes,
  resolveExtensions,
  splitExtensions,
  type ExtensionAttribute,
} from "@tiptap/core";
import type { DOMOutputSpec, Mark, Node as PMNode } from "@tiptap/pm/model";
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
  let merged: Attrs = {};
  for (const { name, attribute } of rendered) {
    const own = attribute.renderHTML?.(stored);
    const value = own || { [name]: name in stored ? stored[name] : attribute.default };
    merged = mergeAttributes(merged, value);
  }
  return merged;
}

// Text is escaped for element content only: quotes are left as they are.
const TEXT_SPECIAL = /[&<>]/;

function escapeText(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}

function attributeString(attrs: Attrs | null): string {
  let out = "";
  if (attrs === null) return out;
  for (const key in attrs) {
    if (!Object.hasOwn(attrs, key)) continue;
    const value = attrs[key];
    if (value === null || value === undefined) continue;
    const name = key.includes(" ") ? key.split(" ").at(-1)! : key;
    out += ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return out;
}

/** Elements written `<tag></tag>` when empty: a self-closed one would swallow what follows. */
const NOT_SELF_CLOSING = new Set([
  "iframe",
  "script",
  "style",
  "title",
  "textarea",
  "div",
  "span",
  "a",
  "button",
]);

function tagOf(spec: string): string {
  const space = spec.indexOf(" ");
  if (space < 0) return spec;
  const [namespace, name] = spec.split(" ");
  return `${name} xmlns="${namespace}"`;
}

/** A DOMOutputSpec as HTML; `hole` is what its `0` stands for. */
function specHtml(spec: DOMOutputSpec, hole: string): string {
  if (typeof spec === "string") return escapeText(spec);
  if (typeof spec !== "object" || spec === null || !("length" in spec)) {
    throw new Error("renderHTML returned a spec other than a string or an array");
  }
  const [first, attrs, children, ...rest] = spec as readonly unknown[];
  const tag = tagOf(first as string);
  if (attrs === undefined) return `<${tag}/>`;
  if (attrs === 0) return `<${tag}>${hole}</${tag}>`;
  if (Array.isArray(attrs)) {
    const inner = specHtml(attrs as DOMOutputSpec, hole);
    if (children === undefined || children === 0) return `<${tag}>${inner}</${tag}>`;
    // The reference renderer joins these with commas (it interpolates an array).
    const more = [children, ...rest].map((c) => specHtml(c as DOMOutputSpec, hole)).join(",");
    return `<${tag}>${inner}${more}</${tag}>`;
  }
  if (typeof attrs !== "object") {
    throw new Error("renderHTML returned a spec whose attributes are not an object");
  }
  const open = `<${tag}${attributeString(attrs as Attrs | null)}`;
  if (children === undefined) return NOT_SELF_CLOSING.has(tag) ? `${open}></${tag}>` : `${open}/>`;
  if (children === 0) return `${open}>${hole}</${tag}>`;
  let inner = specHtml(children as DOMOutputSpec, hole);
  for (const child of rest) inner += specHtml(child as DOMOutputSpec, hole);
  return `${open}>${inner}</${tag}>`;
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
      const HTMLAttributes = htmlAttributes(node.attrs, renderer.rendered);
      html = specHtml(renderer.renderHTML({ node, HTMLAttributes }), hole);
    }
  }
  // Each mark wraps the node alone, the first (innermost by the schema's order) first.
  for (const mark of node.marks) {
    const renderer = markRenderers.get(mark.type.name);
    if (renderer === undefined)
      throw new Error(`no HTML rendering for mark type ${mark.type.name}`);
    const HTMLAttributes = htmlAttributes(mark.attrs, renderer.rendered);
    html = specHtml(renderer.renderHTML({ mark, HTMLAttributes }), html);
  }
  return html;
}

/** Unsanitized HTML for a normalized document; always pass it through sanitizeHtml. */
export function renderHtml(doc: PMNode): string {
  return nodeHtml(doc);
}
