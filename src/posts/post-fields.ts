// The field rules of posts (the shared ones are field-rules.ts), re-exported by fields.ts.
// The timestamp rule carries a refinement a plain JSON Schema validator (Ajv) skips: compile
// with TypeBox.
import { Type, type Static } from "./typebox.js";
import { HttpUrlSchema, IdentifierSchema, NO_CONTROLS, SlugSchema } from "./field-rules.js";

const EPOCH_MS_TEXT = "^[0-9]{1,15}$";
const ISO_8601 = String.raw`^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$`;
/** 9999-12-31T23:59:59.999Z, the last instant a four-digit year can name. */
export const MAX_EPOCH_MS = 253402300799999;

export const TITLE_MAX_LENGTH = 200;
export const SUBTITLE_MAX_LENGTH = 300;
/** Code points in one category's name. */
export const CATEGORY_MAX_LENGTH = 100;

/** A post's title: 1–200 code points. */
export const TitleSchema = Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH });
/** A post's subtitle: at most 300 code points. */
export const SubtitleSchema = Type.String({ maxLength: SUBTITLE_MAX_LENGTH });
/** The short preview text of a post (write bodies): at most 500 code points. */
export const PostPreviewSchema = Type.String({ maxLength: 500 });

/** How many categories a post may have. */
export const MAX_CATEGORIES = 100;

/** A post's categories: at most 100 distinct names of 1–100 code points, no controls. */
export const CategoriesSchema = Type.Array(
  Type.String({ minLength: 1, maxLength: CATEGORY_MAX_LENGTH, pattern: NO_CONTROLS }),
  { maxItems: MAX_CATEGORIES, uniqueItems: true },
);

/** A post's authors, by id, in byline order: at most 100, distinct. */
export const AuthorIdsSchema = Type.Array(IdentifierSchema, { maxItems: 100, uniqueItems: true });

/**
 * Epoch milliseconds as a number, from 1970 to the end of 9999: every time a write takes
 * (the import's times, the API's `scheduledAt`) is bounded by this one rule.
 */
export const epochMsSchema = (description?: string) =>
  Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS, ...(description ? { description } : {}) });

/**
 * A point in time: epoch milliseconds as a number or a decimal string, or an ISO 8601 date
 * or date-time; between 1970 and the end of 9999 (`toEpochMs` turns it into milliseconds).
 */
export const TimestampSchema = Type.Refine(
  Type.Union(
    [epochMsSchema(), Type.String({ pattern: EPOCH_MS_TEXT }), Type.String({ pattern: ISO_8601 })],
    { description: "epoch milliseconds (a number or a decimal string) or an ISO 8601 date-time" },
  ),
  (value) => inRange(toEpochMs(value)),
  () => "must be a valid time between 1970 and 9999",
);
export type Timestamp = Static<typeof TimestampSchema>;

export const POST_STATUSES = ["draft", "published", "archived"] as const;
/** Who may see a post: only `published` ones whose time has come are served. */
export const StatusSchema = Type.Union(
  POST_STATUSES.map((s) => Type.Literal(s)),
  { description: `one of ${POST_STATUSES.join(", ")}` },
);
export type PostStatusValue = (typeof POST_STATUSES)[number];

/** Milliseconds since the epoch of a value `TimestampSchema` accepted. */
export function toEpochMs(value: number | string): number {
  if (typeof value === "number") return value;
  return new RegExp(EPOCH_MS_TEXT).test(value) ? Number(value) : Date.parse(value);
}

function inRange(ms: number): boolean {
  return Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_EPOCH_MS;
}

/** One post's metadata, as written; its body (json, markdown or html) is the content's to check. */
export const PostFieldsSchema = Type.Object({
  id: IdentifierSchema,
  publicationId: IdentifierSchema,
  slug: SlugSchema,
  title: TitleSchema,
  subtitle: Type.Optional(SubtitleSchema),
  imageUrl: Type.Optional(HttpUrlSchema),
  status: Type.Optional(StatusSchema),
  publishedAt: Type.Optional(TimestampSchema),
  updatedAt: Type.Optional(TimestampSchema),
  coinId: Type.Optional(IdentifierSchema),
  categories: Type.Optional(CategoriesSchema),
  authorIds: Type.Optional(AuthorIdsSchema),
});

export type PostFields = Static<typeof PostFieldsSchema>;
