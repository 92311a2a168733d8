// The one place that decides whether a stored post may be shown.
import type { PostRecord } from "../store/post-store.js";

/** Published, and published already: anything else must look like it never existed. */
export function isVisible(post: PostRecord, now: number): boolean {
  return post.status === "published" && (post.publishedAt === undefined || post.publishedAt <= now);
}
