// HTML → a TipTap document of our schema, as the editor reads pasted HTML: ProseMirror's
// DOMParser with the schema's own parse rules, over a server-side DOM (linkedom, on
// htmlparser2). Elements the schema does not know give way to their content, so their text
// stays; scripts, styles and other non-content elements go with everything inside them.
import { DOMParser as ProseMirrorParser } from "@tiptap/pm/model";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { ContentError } from "./errors.js";
import { schema } from "./schema.js";

interface EmbedElement {
  getAttribute(name: string): string | null;
  querySelector(
    selector: string,
  ): { getAttribute(name: string): string | null; textContent: string | null } | null;
}

/**
 * The schema's own rules, and one more: an embed as Folio renders it (a div around a link)
 * reads back with its link as the URL. Without a link the div is just a wrapper.
 */
const embedRule = {
  tag: 'div[data-type="embed"]',
  node: "embed",
  getAttrs(dom: EmbedElement) {
    const link = dom.querySelector("a[href]");
    if (link === null) return false;
    const url = link.getAttribute("href");
    const text = link.textContent ?? "";
    const title = text === "" || text === url ? null : text;
    return { url, provider: dom.getAttribute("data-provider"), title };
  },
};
const parser = new ProseMirrorParser(schema, [
  embedRule,
  ...ProseMirrorParser.fromSchema(schema).rules,
]);

/**
 * Deepest element nesting read. Unknown wrappers (div in div) flatten away, so HTML may nest
 * deeper than a document; past the limit linkedom's tree building slows down sharply (20,000
 * levels: a second; 100,000: tens) and ProseMirror's recursive walk nears the stack's end.
 */
export const MAX_HTML_DEPTH = 500;

/** Longest HTML read, in UTF-16 units: its DOM costs about 75 bytes of memory per unit. */
export const MAX_HTML_LENGTH = 2 * 1024 * 1024;

/** Elements whose content is not the post's text. ProseMirror already skips script and style. */
const DROPPED = "script, style, template, noscript, iframe, object, embed, svg, math, head, title";

interface DomNode {
  childNodes: ArrayLike<DomNode>;
  nodeType: number;
  localName?: string;
  matches?: (selector: string) => boolean;
}

/** The TipTap JSON of an HTML fragment (or whole page: its body is read). */
export function htmlToDocument(html: string): Record<string, unknown> {
  if (html.length > MAX_HTML_LENGTH) {
    throw new ContentError("html", `is longer than ${MAX_HTML_LENGTH} characters`);
  }
  if (nestsDeeperThan(html, MAX_HTML_DEPTH)) {
    throw new ContentError("html", `nesting deeper than ${MAX_HTML_DEPTH} elements`);
  }
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const body = document.body;
  for (const element of [...body.querySelectorAll(DROPPED)]) element.remove();
  prepare(body as unknown as DomNode);
  return parser.parse(body as unknown as Node).toJSON() as Record<string, unknown>;
}

const TOO_DEEP = Symbol("too deep");

/** One streaming pass of the tokenizer, with HTML's implied closes, before any tree is built. */
function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  const parser = new Parser({
    onopentag() {
      if (++depth > limit) throw TOO_DEEP;
    },
    onclosetag: () => depth--,
  });
  try {
    parser.end(html);
    return false;
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
}

/** Gives every element below `root` the quick `matches` below, without recursion. */
function prepare(root: DomNode): void {
  const stack = [root];
  while (stack.length > 0) {
    for (const child of Array.from(stack.pop()!.childNodes)) {
      if (child.nodeType !== 1) continue;
      child.matches = quickMatches;
      stack.push(child);
    }
  }
}

// ProseMirror tries every parse rule's selector on every element, and linkedom compiles a
// selector on every call: most of the parse went there. Each rule of our schema is one
// compound selector led by a tag name (`p`, `a[href]`, `ul[data-type="taskList"]`), so an
// element of another name cannot match it, and a bare tag name is matched by name alone.
const subjects = new Map<string, { tag: string | undefined; bare: boolean }>();

function quickMatches(this: DomNode, selector: string): boolean {
  let subject = subjects.get(selector);
  if (subject === undefined) {
    subject = subjectOf(selector);
    subjects.set(selector, subject);
  }
  if (subject.tag !== undefined && subject.tag !== this.localName) return false;
  if (subject.bare) return true;
  const original = Object.getPrototypeOf(this).matches as (selector: string) => boolean;
  return original.call(this, selector);
}

/** The tag name a compound selector requires, if it has one and no combinator or list. */
function subjectOf(selector: string) {
  const outside = selector.replace(/\[[^\]]*\]|\([^)]*\)/g, "");
  const match = /^([a-z][a-z0-9-]*)[^\s>+~,]*$/i.exec(outside.trim());
  const tag = match?.[1]?.toLowerCase();
  return { tag, bare: tag !== undefined && selector.trim().toLowerCase() === tag };
}
