// A post's body: exactly one of `json` (a TipTap document), `markdown` or `html`, turned
// into the stored document and everything derived from it.
import { ContentError, deriveContent, type ContentSource } from "../content/index.js";
import { htmlToDocument } from "../content/parse-html.js";
import type { PostInput } from "../store/post-store.js";
import { FieldError, type Fields } from "./fields.js";

export const BODIES = ["json", "markdown", "html"] as const;

/** Derives the stored content from the one body the line gives (json, markdown or html), if any. */
export function body(o: Fields, record: PostInput): Record<string, number> {
  const given = BODIES.filter((name) => o[name] !== undefined);
  if (given.length === 0) return {};
  if (given.length > 1) {
    throw new FieldError(
      given[0]!,
      `give one of json, markdown or html, not ${given.join(" and ")}`,
    );
  }
  try {
    const derived = deriveContent(source(given[0]!, o[given[0]!]));
    record.content = {
      json: derived.json,
      staticHtml: derived.staticHtml,
      markdown: derived.markdown,
    };
    record.rendererVersion = derived.rendererVersion;
    return derived.unknownTypes;
  } catch (error) {
    if (error instanceof ContentError) throw new FieldError(error.path, error.message);
    throw error;
  }
}

/** HTML is read into a document here, then derived like any document. */
function source(name: (typeof BODIES)[number], value: unknown): ContentSource {
  if (name === "json") return { json: value };
  if (typeof value !== "string") throw new FieldError(name, "must be a string");
  return name === "markdown" ? { markdown: value } : { json: htmlToDocument(value) };
}
