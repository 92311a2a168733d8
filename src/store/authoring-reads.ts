// The reads of the authoring API: a publication's own posts in any state, the
// publication itself, and where a renamed post's old slug now points.
import type { PostRecord } from "./records.js";

/** The states an author lists by; `scheduled` is published with a time still to come. */
export type OwnStatus = "published" | "draft" | "scheduled" | "archived";

/** Where a page starts: after this post in the list's order (newest first). */
export interface OwnCursor {
  createdAt: number;
  id: string;
}

export interface OwnPostsQuery {
  publicationId: string;
  status: OwnStatus;
  limit: number;
  after?: OwnCursor;
  withContent: boolean;
  /** The instant that splits published from scheduled. */
  now: number;
}

export interface OwnPost extends PostRecord {
  createdAt: number;
  views: number;
}

export interface OwnPostsPage {
  posts: OwnPost[];
  hasMore: boolean;
  total: number;
}

export interface AuthoringReader {
  listOwnPosts(query: OwnPostsQuery): Promise<OwnPostsPage>;
  /**
   * The current slug of the post visible at `visibleAt` that once had `postSlug` in that
   * publication, when no post has it now; undefined otherwise.
   */
  findMovedSlug(
    publicationSlug: string,
    postSlug: string,
    visibleAt: number,
  ): Promise<string | undefined>;
}
