// The bodies of the authoring API's writes, in the original's shape, built from
// the field rules of fields.ts so that an API write and an import line obey the same limits.
// `categories` may also be one comma-separated string, and `sendNewsletter` a string
// boolean, as the original's client allows; write-body.ts turns those into their values.
import { Type, type Static } from "./typebox.js";
import {
  AuthorIdsSchema,
  epochMsSchema,
  HttpUrlSchema,
  MAX_CATEGORIES,
  PostPreviewSchema,
  SlugSchema,
  SubtitleSchema,
  TitleSchema,
} from "./fields.js";

// The array is bounded here already, so a long one is refused before any item is looked at;
// the names themselves are checked once split (write-body.ts).
const Categories = Type.Union(
  [Type.Array(Type.String(), { maxItems: MAX_CATEGORIES }), Type.String()],
  { description: "category names: an array, or one comma-separated string" },
);

const SendNewsletter = Type.Union(
  [
    Type.Boolean(),
    Type.Literal("true"),
    Type.Literal("false"),
    Type.Literal("1"),
    Type.Literal("0"),
  ],
  {
    description:
      "mail subscribers when the post publishes (stored and carried on events; Folio sends no mail)",
  },
);

/** Epoch milliseconds, as the original's client sends `Date.now() + …`. */
const ScheduledAt = epochMsSchema(
  "when to publish, in milliseconds since the Unix epoch, before the end of 9999; must be in the future",
);

const Markdown = Type.String({ description: "the post's content as Markdown" });
const Json = Type.Union([Type.Object({}), Type.String()], {
  description:
    "the post's content as a TipTap document (object or serialized), instead of markdown",
});

const common = {
  subtitle: Type.Optional(SubtitleSchema),
  imageUrl: Type.Optional(HttpUrlSchema),
  slug: Type.Optional(SlugSchema),
  postPreview: Type.Optional(PostPreviewSchema),
  categories: Type.Optional(Categories),
  sendNewsletter: Type.Optional(SendNewsletter),
  authorIds: Type.Optional(AuthorIdsSchema),
  markdown: Type.Optional(Markdown),
  json: Type.Optional(Json),
};

export const CreatePostBody = Type.Object(
  {
    title: TitleSchema,
    ...common,
    status: Type.Optional(Type.Union([Type.Literal("published"), Type.Literal("draft")])),
    scheduledAt: Type.Optional(ScheduledAt),
  },
  { additionalProperties: false, $id: "CreatePostBody" },
);

export const UpdatePostBody = Type.Object(
  {
    title: Type.Optional(TitleSchema),
    ...common,
    status: Type.Optional(
      Type.Union([Type.Literal("draft"), Type.Literal("published"), Type.Literal("archived")]),
    ),
    scheduledAt: Type.Optional(
      Type.Union([ScheduledAt, Type.Null()], {
        description: "milliseconds since the Unix epoch, before the end of 9999, or null",
      }),
    ),
  },
  { additionalProperties: false, $id: "UpdatePostBody" },
);

export type CreatePostInput = Static<typeof CreatePostBody>;
export type UpdatePostInput = Static<typeof UpdatePostBody>;
