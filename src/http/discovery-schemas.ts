// The wire of the discovery reads (issue 12), in the original service's shapes: TypeBox
// schemas that drive the serializers, the request validation and the OpenAPI document.
// Where the original's client declares a field required but nullable (search results),
// it is sent as null; everywhere else an absent optional field is omitted.
import { Type, type Static } from "typebox";
import { AuthorSchema, PostSchema, SocialSchema } from "./schemas.js";

const text = (description: string) => Type.String({ description });
const orNull = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description: `${description}; null when none` });

/** A publication's fields on the wire (also the authoring API's /v1/me). */
export const publicationProperties = {
  id: text("Unique identifier of the publication"),
  name: text("Display name"),
  ownerUserId: text(
    "The user (author) who owns it: the one given, else its first author by id, else empty",
  ),
  slug: Type.String({ minLength: 1, maxLength: 256, description: "Public at {SITE_URL}/@slug" }),
  customDomain: Type.Optional(Type.String({ format: "uri", description: "Its own site" })),
  summary: Type.Optional(Type.String({ maxLength: 500 })),
  logoUrl: Type.Optional(Type.String({ format: "uri" })),
};

export const PublicationSchema = Type.Object(publicationProperties, { $id: "Publication" });

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

export const FeedItemSchema = Type.Object(
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

const SearchBlogSchema = Type.Object(
  {
    blogId: text("Unique identifier of the publication"),
    userId: text("Its owner (see Publication.ownerUserId)"),
    name: orNull("Display name"),
    url: orNull("Its site: the custom domain, else {SITE_URL}/@slug"),
    slug: orNull("Its slug"),
    logoUrl: orNull("Its logo"),
    coinId: orNull("Always null: publications have no coin here"),
    customDomain: Type.Optional(Type.String()),
    summary: Type.Optional(Type.String()),
  },
  { $id: "SearchBlog" },
);

const SearchUserSchema = Type.Object(
  {
    userId: text("Unique identifier of the user"),
    name: orNull("Display name"),
    bio: Type.Optional(Type.String()),
    avatarUrl: Type.Optional(Type.String()),
    walletAddress: Type.Optional(Type.String()),
  },
  { $id: "SearchUser" },
);

export const PostSearchHitSchema = Type.Object(
  {
    post: Type.Object({
      postId: text("Unique identifier of the post"),
      blogId: text("Its publication"),
      createdAt: text("Milliseconds since the epoch, as a string: its publication time"),
      publishedAt: orNull("Milliseconds since the epoch, as a string"),
      title: orNull("Title"),
      subtitle: orNull("Subtitle"),
      postPreview: orNull("The start of its text, plain, at most 200 characters and an ellipsis"),
      coverImageUrl: orNull("Main image"),
      slug: orNull("Slug"),
      coinId: orNull("Associated coin"),
    }),
    blog: Type.Ref("SearchBlog"),
    /** Its first author; the publication's owner for a post with none. */
    user: Type.Ref("SearchUser"),
  },
  { $id: "PostSearchHit" },
);

export const BlogSearchHitSchema = Type.Object(
  {
    blog: Type.Ref("SearchBlog"),
    /** The publication's owner. */
    user: Type.Ref("SearchUser"),
    activeSubscriberCount: Type.Integer({ description: "Always 0: Folio keeps no subscribers" }),
  },
  { $id: "BlogSearchHit" },
);

export type WirePublication = Static<typeof PublicationSchema>;
export type WirePagination = Static<typeof PaginationSchema>;
export type WirePostSearchHit = Static<typeof PostSearchHitSchema>;
export type WireBlogSearchHit = Static<typeof BlogSearchHitSchema>;
export type WireSearchBlog = Static<typeof SearchBlogSchema>;
export type WireSearchUser = Static<typeof SearchUserSchema>;

/**
 * Every schema the discovery schemas refer to by $id: fast-json-stringify resolves the
 * references through this map (discovery-wire.ts).
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
