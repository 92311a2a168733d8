// The search answers, in the original service's shapes. Split from schemas.ts,
// which re-exports what it exported before and registers these with the rest. The original's
// client declares most of these fields required but nullable, so they are sent as null.
import { Type, type Static } from "../../posts/typebox.js";

const text = (description: string) => Type.String({ description });
const orNull = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description: `${description}; null when none` });

export const SearchBlogSchema = Type.Object(
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

export const SearchUserSchema = Type.Object(
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

export type WirePostSearchHit = Static<typeof PostSearchHitSchema>;
export type WireBlogSearchHit = Static<typeof BlogSearchHitSchema>;
export type WireSearchBlog = Static<typeof SearchBlogSchema>;
export type WireSearchUser = Static<typeof SearchUserSchema>;
