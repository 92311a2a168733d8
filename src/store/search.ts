// Full-text search over posts (title, subtitle, categories, author names, text) and
// publications (name, slug, summary), ranked by relevance, on each backend's own engine
// (SQLite FTS5, PostgreSQL text search). The index is kept by the store inside every write's
// own transaction.
import type { PostRecord, PublicationRecord } from "./records.js";

export interface SearchQuery {
  /**
   * Words to find, all of them (the last also as a prefix): letters and digits only, so
   * nothing a user types can become the engine's query syntax (see posts/search-terms.ts).
   */
  terms: readonly string[];
  limit: number;
}

export interface PostSearchQuery extends SearchQuery {
  /** Posts visible at this instant only (visibility.ts). */
  visibleAt: number;
  /** Only this publication's posts. */
  publicationId?: string;
}

/** A matching post and the head of its Markdown (for a preview). */
export interface PostHit {
  post: PostRecord;
  markdownHead: string;
}

export interface SearchReader {
  searchPosts(query: PostSearchQuery): Promise<PostHit[]>;
  searchPublications(query: SearchQuery): Promise<PublicationRecord[]>;
}

/** How much of a post's Markdown a hit carries for its preview. */
export const MARKDOWN_HEAD_CHARS = 2000;
