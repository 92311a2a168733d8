// Stored post → the interface's Post object (contract section 1).
import type { WirePost } from "./schemas.js";
import type { PostRecord } from "../../store/post-store.js";

export function toWirePost(post: PostRecord, includeContent: boolean): WirePost {
  const wire: WirePost = {
    id: post.id,
    title: post.title,
    slug: post.slug,
    categories: post.categories,
    authors: post.authors,
    authorIds: post.authors.map((a) => a.id),
  };
  if (post.imageUrl !== undefined) wire.imageUrl = post.imageUrl;
  if (post.publishedAt !== undefined) wire.publishedAt = String(post.publishedAt);
  wire.updatedAt = String(post.updatedAt);
  if (post.subtitle !== undefined) wire.subtitle = post.subtitle;
  if (includeContent) {
    wire.staticHtml = post.content?.staticHtml ?? "";
    wire.json = post.content?.json ?? "";
    wire.markdown = post.content?.markdown ?? "";
  }
  if (post.coinId !== undefined) wire.coinId = post.coinId;
  return wire;
}
