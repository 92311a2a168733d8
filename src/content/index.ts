// The seam between a post's source document and what is derived from it.
// Writers (import, rerender) call deriveContent; readers never render.

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

/** A source document that cannot be accepted; `path` names where inside it. */
export class ContentError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export const RENDERER_VERSION = 0;

export function deriveContent(source: ContentSource): DerivedContent {
  const doc = "markdown" in source ? markdownAsDoc(source.markdown) : parseDoc(source.json);
  return {
    json: JSON.stringify(doc),
    staticHtml: "",
    markdown: "",
    rendererVersion: 0,
    unknownTypes: {},
  };
}

function parseDoc(input: unknown): unknown {
  const doc = typeof input === "string" ? tryParse(input) : input;
  if (typeof doc !== "object" || doc === null || (doc as { type?: unknown }).type !== "doc") {
    throw new ContentError("json", 'must be a TipTap document (type "doc")');
  }
  return doc;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ContentError("json", "is not valid JSON");
  }
}

function markdownAsDoc(markdown: string): unknown {
  const paragraphs = markdown.split(/\n{2,}/).filter((p) => p.trim() !== "");
  return {
    type: "doc",
    content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
  };
}
