// The seam between a post's source document and what is derived from it.
// Writers (import, rerender) call deriveContent; readers never render.
import type { Node as PMNode } from "@tiptap/pm/model";
import { wellFormed } from "./attrs.js";
import { docJson } from "./doc-json.js";
import { ContentError, MAX_JSON_DEPTH } from "./errors.js";
import { renderHtml } from "./html.js";
import { checkChars, LIMITS, lineCount } from "./limits.js";
import { renderMarkdown } from "./markdown.js";
import { normalizeDoc } from "./normalize.js";
import { parseMarkdown } from "./parse-markdown.js";

export { ContentError, MAX_JSON_DEPTH, wellFormed };

export type ContentSource = { json: unknown } | { markdown: string };

export interface DerivedContent {
  /** The TipTap document, serialized once: the stored source. */
  json: string;
  staticHtml: string;
  markdown: string;
  rendererVersion: number;
  /** Node and mark types the renderer did not know, with how often each was met. */
  unknownTypes: Record<string, number>;
}

/** Bump whenever staticHtml or markdown for the same JSON may change (see docs/content.md). */
export const RENDERER_VERSION = 4;

export function deriveContent(source: ContentSource): DerivedContent {
  const path = "markdown" in source ? "markdown" : "json";
  const { doc, unknownTypes } =
    "markdown" in source
      ? normalizeDoc(parseMarkdown(checkMarkdown(source.markdown)), path)
      : normalizeDoc(parseJson(source.json), path);
  const empty = isEmpty(doc);
  const staticHtml = empty ? "" : checkHtml(path, renderHtml(doc));
  const markdown = empty ? "" : renderMarkdown(doc);
  checkChars(path, "the derived Markdown", markdown.length, LIMITS.derivedChars);
  return {
    json: flat(docJson(doc)),
    staticHtml: flat(staticHtml),
    markdown: flat(markdown),
    rendererVersion: RENDERER_VERSION,
    unknownTypes,
  };
}

/**
 * The text as one run of characters. V8 keeps a string built piece by piece (`+=`, as the
 * renderers build theirs) as a tree of its pieces until something needs it whole. A caller
 * that keeps the results a while (an import batch holds 500 posts' until they are written)
 * makes every young collection copy each tree node by node and promote it: a 5 KB post's
 * JSON and HTML are trees of thousands. Converting a string to a number makes V8 flatten it
 * first, in place and once; the number is not wanted.
 */
function flat(text: string): string {
  Number(text);
  return text;
}

function checkHtml(path: string, html: string): string {
  checkChars(path, "the derived HTML", html.length, LIMITS.derivedChars);
  return html;
}

function checkMarkdown(markdown: string): string {
  checkChars("markdown", "the Markdown", markdown.length, LIMITS.markdownChars);
  const lines = lineCount(markdown);
  if (lines > LIMITS.markdownLines) {
    const limit = LIMITS.markdownLines.toLocaleString("en-US");
    throw new ContentError(
      "markdown",
      `the Markdown has ${lines.toLocaleString("en-US")} lines, over the limit of ${limit}`,
    );
  }
  return markdown;
}

function parseJson(input: unknown): unknown {
  if (typeof input !== "string") return input;
  checkChars("json", "the JSON", input.length, LIMITS.jsonChars);
  try {
    return JSON.parse(input);
  } catch {
    throw new ContentError("json", "is not valid JSON");
  }
}

/** The schema needs one block, so an empty document is a single empty paragraph. */
function isEmpty(doc: PMNode): boolean {
  return (
    doc.childCount === 1 &&
    doc.firstChild!.type.name === "paragraph" &&
    doc.firstChild!.childCount === 0
  );
}
