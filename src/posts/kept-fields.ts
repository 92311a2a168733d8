// The fields an export carries beyond what a post, publication or author line says: what the
// store keeps of a post's history (when it was created, its old slugs, its views, the write
// body's preview and newsletter flag), the images uploaded through the desk, and the secrets
// of a publication (API key hashes and webhook endpoints), which leave a store only when
// asked for. Re-exported by fields.ts.
import { Type, type Static } from "./typebox.js";
import { MEDIA_FORMATS, MEDIA_ID_PATTERN, RESPONSIVE_WIDTHS } from "../store/media.js";
import { EVENT_TYPES } from "../store/post-events.js";
import { HttpUrlSchema, IdentifierSchema, NO_CONTROLS, SlugSchema } from "./field-rules.js";
import { PostPreviewSchema, TimestampSchema } from "./post-fields.js";

/** A post's slug history: the slugs it was reached by before, which redirect to it. */
export const OldSlugsSchema = Type.Array(SlugSchema, { maxItems: 10_000, uniqueItems: true });

/** A running total of views: a non-negative safe integer. */
export const ViewsSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** What a post line may add to PostFieldsSchema to carry the whole stored post. */
export const PostKeptFieldsSchema = Type.Object({
  createdAt: Type.Optional(TimestampSchema),
  postPreview: Type.Optional(PostPreviewSchema),
  sendNewsletter: Type.Optional(Type.Boolean()),
  oldSlugs: Type.Optional(OldSlugsSchema),
  views: Type.Optional(ViewsSchema),
});

/** A label given to a key or an endpoint's reason: short text, no controls. */
const LabelSchema = Type.String({ maxLength: 200, pattern: NO_CONTROLS });

/** An API key as stored: the SHA-256 of the secret, never the secret. */
export const ApiKeyFieldsSchema = Type.Object({
  id: IdentifierSchema,
  publicationId: IdentifierSchema,
  name: Type.Optional(LabelSchema),
  hash: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  hint: Type.String({ minLength: 1, maxLength: 64, pattern: NO_CONTROLS }),
  createdAt: TimestampSchema,
  revokedAt: Type.Optional(TimestampSchema),
});

/** A webhook endpoint with its signing secret (`whsec_` and base64, Standard Webhooks). */
export const WebhookEndpointFieldsSchema = Type.Object({
  id: IdentifierSchema,
  url: HttpUrlSchema,
  publicationId: Type.Optional(IdentifierSchema),
  events: Type.Optional(
    Type.Array(Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))), {
      minItems: 1,
      maxItems: EVENT_TYPES.length,
      uniqueItems: true,
    }),
  ),
  includeContent: Type.Optional(Type.Boolean()),
  secret: Type.String({ pattern: "^whsec_[A-Za-z0-9+/=]{16,200}$" }),
  createdAt: TimestampSchema,
  disabledAt: Type.Optional(TimestampSchema),
  disabledReason: Type.Optional(LabelSchema),
});

/**
 * A side of an image in pixels. /media names a width in at most six digits; the pixel count
 * is bounded by MEDIA_MAX_PIXELS, a setting, so the import checks it against the settings.
 */
const SideSchema = Type.Integer({ minimum: 1, maximum: 999_999 });

/** One stored width of an image: its bytes in base64, checked against MEDIA_MAX_BYTES. */
const MediaVariantFieldsSchema = Type.Object({
  width: SideSchema,
  height: SideSchema,
  /** A strong ETag, kept as it was so that caches keep their copies after a move. */
  etag: Type.String({ pattern: '^"[A-Za-z0-9_-]{1,64}"$' }),
  bytes: Type.String({ minLength: 1 }),
});

/** An uploaded image and every width it is served at. */
export const MediaFieldsSchema = Type.Object({
  id: Type.String({ pattern: MEDIA_ID_PATTERN }),
  publicationId: IdentifierSchema,
  format: Type.Union(MEDIA_FORMATS.map((f) => Type.Literal(f))),
  width: SideSchema,
  height: SideSchema,
  createdAt: TimestampSchema,
  variants: Type.Array(MediaVariantFieldsSchema, {
    minItems: 1,
    maxItems: RESPONSIVE_WIDTHS.length + 1,
  }),
});

export type MediaFields = Static<typeof MediaFieldsSchema>;
export type ApiKeyFields = Static<typeof ApiKeyFieldsSchema>;
export type WebhookEndpointFields = Static<typeof WebhookEndpointFieldsSchema>;
