// Lists of visible posts, newest first, read a page at a time by keyset: a page starts
// strictly after the last post of the one before, in (publishedAt, id) order, so posts
// published or withdrawn meanwhile never shift the others into a duplicate or a skip.
import type { PostRecord } from "./records.js";

/** Which posts a list holds: one publication's, one category's, or every publication's. */
export type ListScope = { publicationId: string } | { tag: string } | { everything: true };

/** Where a page ends: the last post's publication time and id. */
export interface ListPosition {
  publishedAt: number;
  id: string;
}

export interface ListQuery {
  scope: ListScope;
  /** The position of the last post already read; absent for the first page. */
  after?: ListPosition;
  limit: number;
  withContent: boolean;
  /** Posts visible at this instant only (visibility.ts), decided in the query. */
  visibleAt: number;
}

/** A listed post as its stored body (stored-bytes.ts): a page is joined from ready bytes. */
export interface ListedBody {
  id: string;
  publicationId: string;
  publishedAt: number;
  /** Null for a post stored without bytes: the page is then built from records. */
  body: Buffer | null;
}

export interface PostLists {
  /** Up to `limit` visible posts of the scope after `after`, newest first. */
  listPosts(query: ListQuery): Promise<PostRecord[]>;
  /** The same posts as `listPosts`, as their stored bodies (with content or without). */
  listBodies(query: ListQuery): Promise<ListedBody[]>;
  /** The secret list cursors are signed with: one per store, the same on every node. */
  cursorKey(): Promise<string>;
}

/** Before every real position: the first page starts here. */
export const FIRST_POSITION: ListPosition = { publishedAt: Number.MAX_SAFE_INTEGER, id: "" };

/** A backend's list query over one scope: its FROM and WHERE, given the join it needs. */
export interface ListScopes<From> {
  publication: From;
  tag: From;
  everything: From;
}

/**
 * Every backend's nine list statements, named alike: each scope as records without content,
 * with content, and as stored bodies (what a page is joined from).
 */
export function listStatements<From>(
  scopes: ListScopes<From>,
  records: (withContent: boolean, from: From) => string,
  bodies: (from: From) => string,
) {
  const { publication, tag, everything } = scopes;
  return {
    publication: records(false, publication),
    publicationWithContent: records(true, publication),
    publicationBodies: bodies(publication),
    tag: records(false, tag),
    tagWithContent: records(true, tag),
    tagBodies: bodies(tag),
    everything: records(false, everything),
    everythingWithContent: records(true, everything),
    everythingBodies: bodies(everything),
  };
}
