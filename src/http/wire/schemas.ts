// The one definition of the wire: these TypeBox schemas validate requests, drive the
// response serializer, give the TypeScript types and become the OpenAPI document.
import { Type, type Static } from "../../posts/typebox.js";
import { ERROR_CODES } from "../../errors.js";
import { KEY_MAX_LENGTH, SUBTITLE_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../posts/fields.js";

const epochMs = (description: string) =>
  Type.String({
    pattern: "^[0-9]+$",
    description: `${description}; milliseconds since the Unix epoch, as a decimal integer string`,
  });

export const SocialSchema = Type.Object(
  {
    username: Type.String(),
    displayName: Type.Optional(Type.String()),
    fid: Type.Integer({ minimum: 0 }),
  },
  { $id: "Social", description: "The author's social-network profile" },
);

export const AuthorSchema = Type.Object(
  {
    id: Type.String(),
    publicationId: Type.String(),
    walletAddress: Type.Optional(Type.String()),
    avatarUrl: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    bio: Type.Optional(Type.String()),
    social: Type.Optional(SocialSchema),
  },
  { $id: "Author" },
);

export const PostSchema = Type.Object(
  {
    id: Type.String({ description: "Unique identifier of the post" }),
    title: Type.String({ maxLength: TITLE_MAX_LENGTH }),
    slug: Type.String({ minLength: 1, maxLength: KEY_MAX_LENGTH }),
    imageUrl: Type.Optional(Type.String({ format: "uri", description: "Main image of the post" })),
    publishedAt: Type.Optional(epochMs("Time of publication")),
    updatedAt: Type.Optional(epochMs("Time of last update")),
    subtitle: Type.Optional(Type.String({ maxLength: SUBTITLE_MAX_LENGTH })),
    staticHtml: Type.Optional(
      Type.String({ description: "Sanitized rendered HTML; only with includeContent=true" }),
    ),
    json: Type.Optional(
      Type.String({ description: "TipTap editor JSON, serialized; only with includeContent=true" }),
    ),
    markdown: Type.Optional(
      Type.String({ description: "Markdown of the content; only with includeContent=true" }),
    ),
    coinId: Type.Optional(Type.String()),
    categories: Type.Array(Type.String()),
    authors: Type.Array(AuthorSchema),
    authorIds: Type.Array(Type.String()),
  },
  { $id: "Post" },
);
export type WirePost = Static<typeof PostSchema>;

export const ErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    msg: Type.String({ description: "Human-readable message" }),
    error: Type.Union(
      ERROR_CODES.map((c) => Type.Literal(c)),
      { description: "Stable machine code" },
    ),
    requestId: Type.String(),
  },
  { $id: "Error" },
);

const slugParam = (description: string) =>
  Type.String({ minLength: 1, maxLength: KEY_MAX_LENGTH, description });

export const PostByIdParams = Type.Object({
  postId: Type.String({
    minLength: 1,
    maxLength: KEY_MAX_LENGTH,
    description: `Unique identifier of the post; 1 to ${KEY_MAX_LENGTH} characters, matched exactly`,
  }),
});

export const PostBySlugParams = Type.Object({
  publicationSlug: slugParam(
    `URL-friendly identifier of the publication; 1 to ${KEY_MAX_LENGTH} characters, case-sensitive; a leading @ is accepted and dropped`,
  ),
  postSlug: slugParam(
    `URL-friendly identifier of the post; 1 to ${KEY_MAX_LENGTH} characters, case-sensitive`,
  ),
});

// true/1 or false/0/null/empty, any letter case; given at most once (twice is an array, refused).
export const IncludeContentQuery = Type.Object({
  includeContent: Type.Optional(
    Type.String({
      pattern: "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Nn][Uu][Ll][Ll]|0|1|)$",
      description:
        "true or 1 (any case) include markdown, json and staticHtml; false, 0, null, empty or absent leave them out; anything else, or given twice, is a 400",
    }),
  ),
});

export function includeContentValue(raw: string | undefined): boolean {
  return raw !== undefined && (raw === "1" || raw.toLowerCase() === "true");
}

/** Public URLs write the publication as /@slug; the API takes either form (one `@` dropped). */
export async function dropAtSign(request: { params: unknown }): Promise<void> {
  const params = request.params as Record<string, string>;
  for (const name of ["publicationSlug", "slug"]) {
    if (params[name]?.startsWith("@")) params[name] = params[name].slice(1);
  }
}
