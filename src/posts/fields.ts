// Every field rule of publications, authors and posts, once. The import validates its lines
// with these schemas; the HTTP layer's write bodies are to import the same ones. Lengths are
// Unicode code points (TypeBox counts them so), as the contract says.
//
// Compile them with TypeBox (`Compile`, or `TypeBoxValidatorCompiler` in Fastify): the URL
// and timestamp rules carry refinements that a plain JSON Schema validator (Ajv) skips.
import { Type, type Static } from "typebox";

/** C0 controls and DEL: no business in ids, slugs or names; they are how logs get forged. */
export const NO_CONTROLS = String.raw`^[^\u0000-\u001f\u007f]*$`;
/** Anything but whitespace, `/ ? # % \` and controls, and not `.` or `..` (path segments). */
export const URL_FRIENDLY = String.raw`^(?!\.\.?$)[^\s/?#%\\\u0000-\u001f\u007f]*$`;
export const WALLET = "^0x[0-9a-fA-F]{40}$";
const HTTP_SCHEME = "^[Hh][Tt][Tt][Pp][Ss]?://";
const EPOCH_MS_TEXT = "^[0-9]{1,15}$";
const ISO_8601 = String.raw`^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$`;
/** 9999-12-31T23:59:59.999Z, the last instant a four-digit year can name. */
export const MAX_EPOCH_MS = 253402300799999;

/** What a value failing each pattern above must be, for error messages. */
export const PATTERN_REASONS: Readonly<Record<string, string>> = {
  [NO_CONTROLS]: "must not contain control characters",
  [URL_FRIENDLY]: "must be URL-friendly (no spaces, /, ?, #, %, \\ or controls)",
  [WALLET]: "must be 0x followed by 40 hexadecimal digits",
  [HTTP_SCHEME]: "must be an absolute http(s) URL",
};

/** An id of a post, publication, author or coin: 1–256 code points, no controls. */
export const IdentifierSchema = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: NO_CONTROLS,
  description: "1 to 256 characters, no control characters; matched exactly",
});

/** A publication's or post's slug: 1–256 URL-friendly code points. */
export const SlugSchema = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: URL_FRIENDLY,
  description: "1 to 256 characters; no whitespace, /, ?, #, %, \\ or controls; not . or ..",
});

/** A post's title: 1–200 code points. */
export const TitleSchema = Type.String({ minLength: 1, maxLength: 200 });
/** A post's subtitle: at most 300 code points. */
export const SubtitleSchema = Type.String({ maxLength: 300 });
/** A publication's or author's display name: 1–200 code points. */
export const NameSchema = Type.String({ minLength: 1, maxLength: 200 });
/** An author's bio: at most 500 code points (the original service's client caps it there). */
export const BioSchema = Type.String({ maxLength: 500 });
/** A publication's summary: at most 500 code points (the original service's limit). */
export const SummarySchema = Type.String({ maxLength: 500 });
/** The short preview text of a post (write bodies): at most 500 code points. */
export const PostPreviewSchema = Type.String({ maxLength: 500 });

/** An absolute http(s) URL of at most 2,048 code points, as a WHATWG URL parser reads it. */
export const HttpUrlSchema = Type.Refine(
  Type.String({ maxLength: 2048, pattern: HTTP_SCHEME, description: "an absolute http(s) URL" }),
  (value) => URL.canParse(value),
  () => "must be an absolute http(s) URL",
);

/** An Ethereum-style wallet address: 0x and 40 hexadecimal digits. */
export const WalletSchema = Type.String({ pattern: WALLET });

/** A Farcaster id: a non-negative safe integer. */
export const FidSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** An author's social-network profile. */
export const SocialProfileSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 256 }),
  displayName: Type.Optional(Type.String({ maxLength: 256 })),
  fid: FidSchema,
});

/** A post's categories: at most 100 distinct names of 1–100 code points, no controls. */
export const CategoriesSchema = Type.Array(
  Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROLS }),
  { maxItems: 100, uniqueItems: true },
);

/** A post's authors, by id, in byline order: at most 100, distinct. */
export const AuthorIdsSchema = Type.Array(IdentifierSchema, { maxItems: 100, uniqueItems: true });

/**
 * A point in time: epoch milliseconds as a number or a decimal string, or an ISO 8601 date
 * or date-time; between 1970 and the end of 9999 (`toEpochMs` turns it into milliseconds).
 */
export const TimestampSchema = Type.Refine(
  Type.Union(
    [
      Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS }),
      Type.String({ pattern: EPOCH_MS_TEXT }),
      Type.String({ pattern: ISO_8601 }),
    ],
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

/** One publication, as written: the import line's fields besides `type`. */
export const PublicationFieldsSchema = Type.Object({
  id: IdentifierSchema,
  slug: SlugSchema,
  name: NameSchema,
  // The original service's publication fields; optional, so older files still import.
  ownerUserId: Type.Optional(IdentifierSchema),
  customDomain: Type.Optional(HttpUrlSchema),
  summary: Type.Optional(SummarySchema),
  logoUrl: Type.Optional(HttpUrlSchema),
});

/** One author, as written. */
export const AuthorFieldsSchema = Type.Object({
  id: IdentifierSchema,
  publicationId: IdentifierSchema,
  name: NameSchema,
  walletAddress: Type.Optional(WalletSchema),
  avatarUrl: Type.Optional(HttpUrlSchema),
  bio: Type.Optional(BioSchema),
  social: Type.Optional(SocialProfileSchema),
});

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

export type PublicationFields = Static<typeof PublicationFieldsSchema>;
export type AuthorFields = Static<typeof AuthorFieldsSchema>;
export type PostFields = Static<typeof PostFieldsSchema>;
