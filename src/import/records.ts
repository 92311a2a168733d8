// One NDJSON line → one validated import record, or the reason it is refused. The limits are
// the shared schemas' (posts/fields.ts); this file only maps a valid line onto a record.
import {
  ContentError,
  RENDERER_VERSION,
  deriveContent,
  type ContentSource,
} from "../content/index.js";
import {
  AuthorFieldsSchema,
  PostFieldsSchema,
  PublicationFieldsSchema,
  toEpochMs,
} from "../posts/fields.js";
import type {
  AuthorInput,
  ImportRecord,
  PostInput,
  PublicationInput,
} from "../store/post-store.js";
import { FieldError, checker, withoutNulls, type Fields } from "./fields.js";

export { FieldError } from "./fields.js";

export interface ParsedRecord {
  record: ImportRecord;
  unknownTypes: Record<string, number>;
  /** Which of a post's times the line left to their defaults (see keep-stored.ts). */
  defaulted?: { updatedAt: boolean; publishedAt: boolean };
}

const checkPublication = checker(PublicationFieldsSchema);
const checkAuthor = checker(AuthorFieldsSchema);
const checkPost = checker(PostFieldsSchema);

export function parseRecord(line: string, now: number): ParsedRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new FieldError("(line)", "is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FieldError("(line)", "must be a JSON object");
  }
  const o = withoutNulls(value as Fields);
  switch (o.type) {
    case "publication":
      return { record: publication(o), unknownTypes: {} };
    case "author":
      return { record: author(o), unknownTypes: {} };
    case "post":
      return post(o, now);
    default:
      throw new FieldError("type", "must be publication, author or post");
  }
}

function publication(o: Fields): PublicationInput {
  const { id, slug, name } = checkPublication(o);
  return { type: "publication", id, slug, name };
}

function author(o: Fields): AuthorInput {
  const social = isObject(o.social) ? withoutNulls(o.social) : o.social;
  const fields = checkAuthor({ ...o, social });
  const record: AuthorInput = {
    type: "author",
    ...{ id: fields.id, publicationId: fields.publicationId, name: fields.name },
  };
  if (fields.walletAddress !== undefined) record.walletAddress = fields.walletAddress;
  if (fields.avatarUrl !== undefined) record.avatarUrl = fields.avatarUrl;
  if (fields.bio !== undefined) record.bio = fields.bio;
  if (fields.social !== undefined) {
    const { username, displayName, fid } = fields.social;
    record.social = displayName === undefined ? { username, fid } : { username, displayName, fid };
  }
  return record;
}

function post(o: Fields, now: number): ParsedRecord {
  const fields = checkPost(o);
  const status = fields.status ?? "published";
  const record: PostInput = {
    type: "post",
    ...{ id: fields.id, publicationId: fields.publicationId, slug: fields.slug },
    ...{ title: fields.title, status, categories: fields.categories ?? [] },
    updatedAt: fields.updatedAt === undefined ? now : toEpochMs(fields.updatedAt),
    authorIds: fields.authorIds ?? [],
    content: { json: "", staticHtml: "", markdown: "" },
    rendererVersion: RENDERER_VERSION,
  };
  const publishedAt = fields.publishedAt === undefined ? undefined : toEpochMs(fields.publishedAt);
  // A published post with no date was published by this import.
  if (publishedAt !== undefined || status === "published") record.publishedAt = publishedAt ?? now;
  if (fields.subtitle !== undefined) record.subtitle = fields.subtitle;
  if (fields.imageUrl !== undefined) record.imageUrl = fields.imageUrl;
  if (fields.coinId !== undefined) record.coinId = fields.coinId;
  const defaulted = {
    updatedAt: fields.updatedAt === undefined,
    publishedAt: publishedAt === undefined && status === "published",
  };
  return { record, unknownTypes: body(o, record), defaulted };
}

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Derives the stored content from the body the line gives, if any. */
function body(o: Fields, record: PostInput): Record<string, number> {
  const hasJson = o.json !== undefined;
  const hasMarkdown = o.markdown !== undefined;
  if (hasJson && hasMarkdown) throw new FieldError("json", "give json or markdown, not both");
  if (!hasJson && !hasMarkdown) return {};
  let source: ContentSource;
  if (hasJson) source = { json: o.json };
  else if (typeof o.markdown === "string") source = { markdown: o.markdown };
  else throw new FieldError("markdown", "must be a string");
  try {
    const derived = deriveContent(source);
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
