// One NDJSON line → one validated import record, or the reason it is refused.
import {
  ContentError,
  RENDERER_VERSION,
  deriveContent,
  type ContentSource,
} from "../content/index.js";
import type {
  AuthorInput,
  ImportRecord,
  PostInput,
  PublicationInput,
  SocialRecord,
} from "../store/post-store.js";
import * as f from "./fields.js";

export { FieldError } from "./fields.js";

export interface ParsedRecord {
  record: ImportRecord;
  unknownTypes: Record<string, number>;
}

const STATUSES = ["draft", "published", "archived"] as const;

export function parseRecord(line: string, now: number): ParsedRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new f.FieldError("(line)", "is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new f.FieldError("(line)", "must be a JSON object");
  }
  const o = value as f.Fields;
  switch (o.type) {
    case "publication":
      return { record: publication(o), unknownTypes: {} };
    case "author":
      return { record: author(o), unknownTypes: {} };
    case "post":
      return post(o, now);
    default:
      throw new f.FieldError("type", "must be publication, author or post");
  }
}

function publication(o: f.Fields): PublicationInput {
  return {
    type: "publication",
    id: f.identifier(o, "id"),
    slug: f.slug(o, "slug"),
    name: f.text(o, "name", 200),
  };
}

function author(o: f.Fields): AuthorInput {
  const record: AuthorInput = {
    type: "author",
    id: f.identifier(o, "id"),
    publicationId: f.identifier(o, "publicationId"),
    name: f.text(o, "name", 200),
  };
  const walletAddress = f.optionalWallet(o, "walletAddress");
  const avatarUrl = f.optionalUrl(o, "avatarUrl");
  const bio = f.optionalText(o, "bio", 2000);
  const social = o.social === undefined || o.social === null ? undefined : socialProfile(o.social);
  if (walletAddress !== undefined) record.walletAddress = walletAddress;
  if (avatarUrl !== undefined) record.avatarUrl = avatarUrl;
  if (bio !== undefined) record.bio = bio;
  if (social !== undefined) record.social = social;
  return record;
}

function socialProfile(value: unknown): SocialRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new f.FieldError("social", "must be an object");
  }
  const o = value as f.Fields;
  const prefixed = (field: string) => ({ [`social.${field}`]: o[field] });
  const social: SocialRecord = {
    username: f.text(prefixed("username"), "social.username", 256),
    fid: f.nonNegativeInteger(o.fid, "social.fid"),
  };
  const displayName = f.optionalText(prefixed("displayName"), "social.displayName", 256);
  if (displayName !== undefined) social.displayName = displayName;
  return social;
}

function post(o: f.Fields, now: number): ParsedRecord {
  const status = f.oneOf(o, "status", STATUSES, "published");
  const record: PostInput = {
    type: "post",
    id: f.identifier(o, "id"),
    publicationId: f.identifier(o, "publicationId"),
    slug: f.slug(o, "slug"),
    title: f.text(o, "title", 200),
    status,
    updatedAt: f.optionalTimestamp(o, "updatedAt") ?? now,
    categories: f.stringList(o, "categories", 100, 100),
    authorIds: f.stringList(o, "authorIds", 100, 256),
    content: { json: "", staticHtml: "", markdown: "" },
    rendererVersion: RENDERER_VERSION,
  };
  const publishedAt = f.optionalTimestamp(o, "publishedAt");
  const subtitle = f.optionalText(o, "subtitle", 300);
  const imageUrl = f.optionalUrl(o, "imageUrl");
  const coinId =
    o.coinId === undefined || o.coinId === null ? undefined : f.identifier(o, "coinId");
  // A published post with no date was published by this import.
  if (publishedAt !== undefined || status === "published") record.publishedAt = publishedAt ?? now;
  if (subtitle !== undefined) record.subtitle = subtitle;
  if (imageUrl !== undefined) record.imageUrl = imageUrl;
  if (coinId !== undefined) record.coinId = coinId;
  return { record, unknownTypes: body(o, record) };
}

/** Derives the stored content from the body the line gives, if any. */
function body(o: f.Fields, record: PostInput): Record<string, number> {
  const hasJson = o.json !== undefined && o.json !== null;
  const hasMarkdown = o.markdown !== undefined && o.markdown !== null;
  if (hasJson && hasMarkdown) throw new f.FieldError("json", "give json or markdown, not both");
  if (!hasJson && !hasMarkdown) return {};
  let source: ContentSource;
  if (hasJson) source = { json: o.json };
  else if (typeof o.markdown === "string") source = { markdown: o.markdown };
  else throw new f.FieldError("markdown", "must be a string");
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
    if (error instanceof ContentError) throw new f.FieldError(error.path, error.message);
    throw error;
  }
}
