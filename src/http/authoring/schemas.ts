// The wire of the authoring API, in the original's shapes: the answers, the
// path and query parameters. Write bodies are posts/write-fields.ts (the field rules).
import { Type, type Static } from "../../posts/typebox.js";
import { IdentifierSchema, SlugSchema } from "../../posts/fields.js";
import { publicationProperties } from "../wire/publication.js";
import { OWN_LIMIT } from "../../posts/own-posts.js";
import { OWN_STATUSES } from "../../store/own-status.js";

export const CreatedAnswer = Type.Object({
  id: Type.String({ description: "The new post's id" }),
  status: Type.Union(
    [Type.Literal("published"), Type.Literal("draft"), Type.Literal("scheduled")],
    {
      description: "published now, a draft, or scheduled to publish at scheduledAt",
    },
  ),
});

export const SuccessAnswer = Type.Object({ success: Type.Literal(true) });

export const PublicationAnswer = Type.Object(publicationProperties);

export const PostIdParams = Type.Object({ postId: IdentifierSchema });
export const PostSlugParams = Type.Object({
  slug: Type.String({ ...SlugSchema, description: "the post's slug in the key's publication" }),
});

export const OwnPostsQuery = Type.Object({
  status: Type.Optional(
    Type.Union(
      OWN_STATUSES.map((s) => Type.Literal(s)),
      { description: "published (the default), draft, scheduled or archived" },
    ),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: "from the previous page" }),
  ),
  limit: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,3}$",
      description: `1 to ${OWN_LIMIT.max} posts per page (default ${OWN_LIMIT.default})`,
    }),
  ),
  includeContent: Type.Optional(
    Type.String({ pattern: "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Nn][Uu][Ll][Ll]|0|1|)$" }),
  ),
});
export type OwnPostsQueryValue = Static<typeof OwnPostsQuery>;

export const OwnPostsAnswer = Type.Object({
  items: Type.Array(
    Type.Intersect([
      Type.Unsafe<object>({ $ref: "Post#" }),
      Type.Object({
        views: Type.Integer({ minimum: 0, description: "total page views" }),
        etag: Type.String({
          description: "the post's ETag, as a read of it gives: for If-Match on a write",
        }),
      }),
    ]),
  ),
  pagination: Type.Object({
    cursor: Type.Optional(
      Type.String({ description: "where the next page starts; absent on the last" }),
    ),
    hasMore: Type.Boolean(),
    total: Type.Optional(Type.Integer({ description: "posts in this status" })),
  }),
});
