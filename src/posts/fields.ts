// Every field rule of publications, authors and posts, once. The import validates its lines
// with these schemas; the HTTP layer's write bodies are to import the same ones. Lengths are
// Unicode code points (TypeBox counts them so), as the contract says. This file holds the
// publication and author fields and re-exports the shared rules (field-rules.ts) and the post
// fields (post-fields.ts), so every rule is still imported from here.
//
// Compile them with TypeBox (`Compile`, or `TypeBoxValidatorCompiler` in Fastify): the URL
// and timestamp rules carry refinements that a plain JSON Schema validator (Ajv) skips.
import { Type, type Static } from "./typebox.js";
import { HttpUrlSchema, IdentifierSchema, SlugSchema, WALLET } from "./field-rules.js";

export {
  HttpUrlSchema,
  IdentifierSchema,
  KEY_MAX_LENGTH,
  NO_CONTROLS,
  PATTERN_REASONS,
  SlugSchema,
  URL_FRIENDLY,
  WALLET,
} from "./field-rules.js";
export {
  AuthorIdsSchema,
  CATEGORY_MAX_LENGTH,
  CategoriesSchema,
  epochMsSchema,
  MAX_CATEGORIES,
  MAX_EPOCH_MS,
  POST_STATUSES,
  PostFieldsSchema,
  PostPreviewSchema,
  StatusSchema,
  SUBTITLE_MAX_LENGTH,
  SubtitleSchema,
  TimestampSchema,
  TITLE_MAX_LENGTH,
  TitleSchema,
  toEpochMs,
} from "./post-fields.js";
export type { PostFields, PostStatusValue, Timestamp } from "./post-fields.js";
export {
  ApiKeyFieldsSchema,
  MediaFieldsSchema,
  OldSlugsSchema,
  PostKeptFieldsSchema,
  ViewsSchema,
  WebhookEndpointFieldsSchema,
} from "./kept-fields.js";
export type { ApiKeyFields, MediaFields, WebhookEndpointFields } from "./kept-fields.js";

/** A publication's or author's display name: 1–200 code points. */
const NameSchema = Type.String({ minLength: 1, maxLength: 200 });
/** An author's bio: at most 500 code points (the original service's client caps it there). */
export const BioSchema = Type.String({ maxLength: 500 });
/** A publication's summary: at most 500 code points (the original service's limit). */
export const SUMMARY_MAX_LENGTH = 500;
const SummarySchema = Type.String({ maxLength: SUMMARY_MAX_LENGTH });

/** An Ethereum-style wallet address: 0x and 40 hexadecimal digits. */
export const WalletSchema = Type.String({ pattern: WALLET });

/** A Farcaster id: a non-negative safe integer. */
export const FidSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** An author's social-network profile. */
const SocialProfileSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 256 }),
  displayName: Type.Optional(Type.String({ maxLength: 256 })),
  fid: FidSchema,
});

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

export type PublicationFields = Static<typeof PublicationFieldsSchema>;
