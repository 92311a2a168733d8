// Shared helpers for the content tests: fixture access and HTML inspection.
import { readFileSync } from "node:fs";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import { parseDocument } from "htmlparser2";
import { Parser } from "htmlparser2";
import { renderSpec } from "../../src/content/html.js";

/** Fixtures stay in the source tree; tests run from dist/test/content. */
export const FIXTURES = new URL("../../../test/content/fixtures/", import.meta.url);

export function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), "utf8");
}

export interface HtmlFacts {
  tags: string[];
  attributes: { tag: string; name: string; value: string }[];
  /** Decoded text content, as a browser would show it (before whitespace collapsing). */
  text: string;
  /** Closing tags the parser had to invent, or that closed nothing: a sign of broken nesting. */
  unbalanced: string[];
}

const VOID = new Set(["br", "hr", "img", "input", "col"]);

export function inspectHtml(html: string): HtmlFacts {
  const facts: HtmlFacts = { tags: [], attributes: [], text: "", unbalanced: [] };
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        facts.tags.push(name);
        for (const [attr, value] of Object.entries(attribs)) {
          facts.attributes.push({ tag: name, name: attr, value });
        }
        if (!VOID.has(name)) open.push(name);
      },
      onclosetag(name, isImplied) {
        if (VOID.has(name)) return;
        if (isImplied || open.pop() !== name) facts.unbalanced.push(name);
      },
      ontext(text) {
        facts.text += text;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (open.length > 0) facts.unbalanced.push(...open);
  return facts;
}

// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]+/g;

/** The scheme of a URL after entity decoding (to a fixed point) and stripping what browsers ignore. */
export function schemeOf(url: string): string | null {
  let text = url;
  for (let i = 0; i < 5; i++) {
    const facts = inspectHtml(`<a title="${text.replace(/"/g, "&quot;")}"></a>`);
    const decoded = facts.attributes[0]?.value ?? text;
    if (decoded === text) break;
    text = decoded;
  }
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(text.replace(IGNORED, ""));
  return match?.[1]?.toLowerCase() ?? null;
}

type Parsed = ReturnType<typeof parseDocument>["children"][number];

/** A spec of what an HTML parser reads: elements with their attributes, and text. */
function specOf(node: Parsed): DOMOutputSpec | null {
  if (node.type === "text") return (node as { data: string }).data;
  if (!("name" in node) || !("attribs" in node)) return null;
  const children = node.children.map(specOf).filter((c): c is DOMOutputSpec => c !== null);
  return [node.name, node.attribs, ...children] as unknown as DOMOutputSpec;
}

/**
 * Hostile HTML, element by element, through the renderer's allow-list alone: what a reader
 * would get had an extension's renderHTML written these elements.
 */
export function allowListed(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  const specs = document.children.map(specOf).filter((c): c is DOMOutputSpec => c !== null);
  return specs.map((spec) => renderSpec(spec)).join("");
}
