// One NDJSON line → one validated import record, or the reason it is refused. The limits are
// the shared schemas' (posts/fields.ts); this file only maps a valid line onto a record.
import { RENDERER_VERSION } from "../content/index.js";
import { Type } from "../posts/typebox.js";
import { deskSettings } from "../config/desk.js";
import { sniffFormat } from "../media/sniff.js";
import {
  ApiKeyFieldsSchema,
  AuthorFieldsSchema,
  MediaFieldsSchema,
  PostFieldsSchema,
  PostKeptFieldsSchema,
  PublicationFieldsSchema,
  WebhookEndpointFieldsSchema,
  toEpochMs,
} from "../posts/fields.js";
import type {
  ApiKeyInput,
  AuthorInput,
  EndpointInput,
  ImportRecord,
  MediaInput,
  PostInput,
  PublicationInput,
} from "../store/post-store.js";
import { BODIES, body } from "./body.js";
import { FieldError, checker, withoutNulls, type Fields } from "./fields.js";

export { FieldError } from "./fields.js";

export interface ParsedRecord {
  record: ImportRecord;
  unknownTypes: Record<string, number>;
  /** Fields of the line that no rule reads, as `type.field`: told in the summary, not kept. */
  unknownFields: string[];
  /** Which of a post's times the line left to their defaults (see keep-stored.ts). */
  defaulted?: { updatedAt: boolean; publishedAt: boolean };
}

const checkPublication = checker(PublicationFieldsSchema);
const checkAuthor = checker(AuthorFieldsSchema);
// A post line may also carry what an export keeps of its history (posts/kept-fields.ts).
const PostLineSchema = Type.Object({
  ...PostFieldsSchema.properties,
  ...PostKeptFieldsSchema.properties,
});
const checkPost = checker(PostLineSchema);
const checkApiKey = checker(ApiKeyFieldsSchema);
const checkEndpoint = checker(WebhookEndpointFieldsSchema);
const checkMedia = checker(MediaFieldsSchema);

/** What an image line may hold: the upload limits (MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS). */
export interface MediaLimits {
  maxBytes: number;
  maxPixels: number;
}

const DEFAULTS = deskSettings({});
/** The upload limits when the caller gives none: the settings' defaults. */
export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxBytes: DEFAULTS.mediaMaxBytes,
  maxPixels: DEFAULTS.mediaMaxPixels,
};

export function parseRecord(
  line: string,
  now: number,
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): ParsedRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new FieldError("(line)", "is not valid JSON");
  }
  return recordFrom(value, now, limits);
}

/** A record given as an object (a parsed line, or a converter's output), validated. */
export function recordFrom(
  value: unknown,
  now: number,
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): ParsedRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FieldError("(line)", "must be a JSON object");
  }
  const o = withoutNulls(value as Fields);
  switch (o.type) {
    case "publication":
      return { record: publication(o), unknownTypes: {}, unknownFields: unknown(o) };
    case "author":
      return { record: author(o), unknownTypes: {}, unknownFields: unknown(o) };
    case "post":
      return { ...post(o, now), unknownFields: unknown(o) };
    case "apiKey":
      return { record: apiKey(o), unknownTypes: {}, unknownFields: unknown(o) };
    case "webhookEndpoint":
      return { record: endpoint(o), unknownTypes: {}, unknownFields: unknown(o) };
    case "media":
      return { record: media(o, limits), unknownTypes: {}, unknownFields: unknown(o) };
    default:
      throw new FieldError(
        "type",
        "must be publication, author, post, apiKey, webhookEndpoint or media",
      );
  }
}

const KNOWN: Record<string, Set<string>> = {
  publication: new Set(["type", ...Object.keys(PublicationFieldsSchema.properties)]),
  author: new Set(["type", ...Object.keys(AuthorFieldsSchema.properties)]),
  post: new Set(["type", ...Object.keys(PostLineSchema.properties), ...BODIES]),
  apiKey: new Set(["type", ...Object.keys(ApiKeyFieldsSchema.properties)]),
  webhookEndpoint: new Set(["type", ...Object.keys(WebhookEndpointFieldsSchema.properties)]),
  media: new Set(["type", ...Object.keys(MediaFieldsSchema.properties)]),
};

function unknown(o: Fields): string[] {
  const known = KNOWN[o.type as string]!;
  return Object.keys(o)
    .filter((field) => !known.has(field))
    .map((field) => `${o.type}.${field}`);
}

function publication(o: Fields): PublicationInput {
  const { id, slug, name, ...optional } = checkPublication(o);
  const record: PublicationInput = { type: "publication", id, slug, name };
  for (const key of ["ownerUserId", "customDomain", "summary", "logoUrl"] as const) {
    if (optional[key] !== undefined) record[key] = optional[key];
  }
  return record;
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

function post(o: Fields, now: number): Omit<ParsedRecord, "unknownFields"> {
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
  if (fields.createdAt !== undefined) record.createdAt = toEpochMs(fields.createdAt);
  if (fields.postPreview !== undefined) record.postPreview = fields.postPreview;
  if (fields.sendNewsletter !== undefined) record.sendNewsletter = fields.sendNewsletter;
  if (fields.oldSlugs !== undefined) record.oldSlugs = fields.oldSlugs;
  if (fields.views !== undefined) record.views = fields.views;
  const defaulted = {
    updatedAt: fields.updatedAt === undefined,
    publishedAt: publishedAt === undefined && status === "published",
  };
  return { record, unknownTypes: body(o, record), defaulted };
}

function apiKey(o: Fields): ApiKeyInput {
  const { createdAt, revokedAt, ...fields } = checkApiKey(o);
  const record: ApiKeyInput = { type: "apiKey", ...fields, createdAt: toEpochMs(createdAt) };
  if (revokedAt !== undefined) record.revokedAt = toEpochMs(revokedAt);
  return record;
}

function endpoint(o: Fields): EndpointInput {
  const { createdAt, disabledAt, includeContent, ...fields } = checkEndpoint(o);
  const record: EndpointInput = {
    type: "webhookEndpoint",
    ...fields,
    includeContent: includeContent ?? false,
    createdAt: toEpochMs(createdAt),
  };
  if (disabledAt !== undefined) record.disabledAt = toEpochMs(disabledAt);
  return record;
}

/**
 * An image as the desk would have stored it: each variant's bytes valid base64 within
 * MEDIA_MAX_BYTES and, judged by their content, in the declared format; every side within
 * MEDIA_MAX_PIXELS; one variant per width, none wider than the image, the widest its own.
 */
function media(o: Fields, limits: MediaLimits): MediaInput {
  const { createdAt, variants, ...fields } = checkMedia(o);
  overPixels("width", fields.width, fields.height, limits);
  // Base64 holds three bytes in four characters: a longer text is refused undecoded.
  const maxText = Math.ceil(limits.maxBytes / 3) * 4;
  let widest = 0;
  const record: MediaInput = {
    type: "media",
    ...fields,
    createdAt: toEpochMs(createdAt),
    variants: variants.map((v, i) => {
      const at = `variants[${i}]`;
      if (v.width <= widest)
        throw new FieldError(`${at}.width`, "must be wider than the one before");
      widest = v.width;
      overPixels(`${at}.width`, v.width, v.height, limits);
      if (v.bytes.length > maxText) {
        throw new FieldError(`${at}.bytes`, `must be at most ${limits.maxBytes} bytes`);
      }
      const bytes = Buffer.from(v.bytes, "base64");
      // Node's decoder skips what is not base64; only the exact encoding of the bytes is.
      if (bytes.toString("base64") !== v.bytes) {
        throw new FieldError(`${at}.bytes`, "must be base64 (RFC 4648, padded)");
      }
      if (bytes.length > limits.maxBytes) {
        throw new FieldError(`${at}.bytes`, `must be at most ${limits.maxBytes} bytes`);
      }
      const sniffed = sniffFormat(bytes);
      if (sniffed !== fields.format) {
        const is = sniffed === undefined ? "no accepted image format" : sniffed;
        throw new FieldError(`${at}.bytes`, `must be ${fields.format} (its content is ${is})`);
      }
      return { width: v.width, height: v.height, etag: v.etag, bytes };
    }),
  };
  if (widest !== fields.width) {
    throw new FieldError("variants", `must end with the image's own width, ${fields.width}`);
  }
  return record;
}

function overPixels(field: string, width: number, height: number, limits: MediaLimits) {
  if (width * height > limits.maxPixels) {
    throw new FieldError(field, `${width}×${height} is over ${limits.maxPixels} pixels`);
  }
}

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
