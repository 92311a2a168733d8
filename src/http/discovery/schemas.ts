// The wire of the discovery reads, in the original service's shapes: TypeBox
// schemas that drive the serializers, the request validation and the OpenAPI document.
// Where the original's client declares a field required but nullable (search results),
// it is sent as null; everywhere else an absent optional field is omitted.
import { Type, type Static } from "../../posts/typebox.js";
import {
  BlogSearchHitSchema,
  PostSearchHitSchema,
  SearchBlogSchema,
  SearchUserSchema,
} from "./search-schemas.js";
import { PublicationSchema } from "../wire/publication.js";
import { AuthorSchema, PostSchema, SocialSchema } from "../wire/schemas.js";

// The search answers are search-schemas.ts's; their names are still imported from here.
export { BlogSearchHitSchema, PostSearchHitSchema } from "./search-schemas.js";
export type {
  WireBlogSearchHit,
  WirePostSearchHit,
  WireSearchBlog,
  WireSearchUser,
} from "./search-schemas.js";

const text = (description: string) => Type.String({ description });

export { PublicationSchema };

export const PaginationSchema = Type.Object(
  {
    cursor: Type.Optional(
      text("Opaque; pass it back as `cursor` for the next page. Absent on the last"),
    ),
    hasMore: Type.Boolean({ description: "Whether a next page exists" }),
    total: Type.Optional(Type.Integer({ description: "Never sent: counting a list is not free" })),
  },
  { $id: "Pagination" },
);

export const PostPageSchema = Type.Object(
  { items: Type.Array(Type.Ref("Post")), pagination: Type.Ref("Pagination") },
  { $id: "PostPage" },
);

const FeedItemSchema = Type.Object(
  {
    post: Type.Ref("Post"),
    publication: Type.Ref("Publication"),
    /** The publication's owner. */
    user: Type.Ref("Author"),
  },
  { $id: "FeedItem" },
);

export const FeedPageSchema = Type.Object(
  { items: Type.Array(Type.Ref("FeedItem")), pagination: Type.Ref("Pagination") },
  { $id: "FeedPage" },
);

export type { WirePublication } from "../wire/publication.js";
export type WirePagination = Static<typeof PaginationSchema>;

/**
 * Every schema the discovery schemas refer to by $id: fast-json-stringify resolves the
 * references through this map (wire.ts).
 */
export const referencedSchemas = {
  Post: PostSchema,
  Author: AuthorSchema,
  Social: SocialSchema,
  Publication: PublicationSchema,
  Pagination: PaginationSchema,
  FeedItem: FeedItemSchema,
  SearchBlog: SearchBlogSchema,
  SearchUser: SearchUserSchema,
};

/**
 * Schemas the OpenAPI document names once (components), registered in the routes' scope;
 * the Post schema brings Author and Social with it.
 */
export const discoverySchemas = [
  PublicationSchema,
  PaginationSchema,
  PostPageSchema,
  FeedItemSchema,
  FeedPageSchema,
  SearchBlogSchema,
  SearchUserSchema,
  PostSearchHitSchema,
  BlogSearchHitSchema,
];
