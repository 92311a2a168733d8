// Lists of visible posts, newest first, read a page at a time by keyset: a page starts
// strictly after the last post of the one before, in (publishedAt, id) order, so posts
// published or withdrawn meanwhile never shift the others into a duplicate or a skip.
import type { PostRecord } from "./records.js";

/**
 * Which posts a list holds: one publication's, one category's, every publication's, one
 * category's within one publication (`publicationTag`), or one author's.
 */
export type ListScope =
  | { publicationId: string }
  | { tag: string }
  | { everything: true }
  | { publicationTag: { publicationId: string; tag: string } }
  | { authorId: string };

type ScopeKind = "publication" | "tag" | "everything" | "publicationTag" | "author";

/** A scope's kind and its key (the publication, category or author it is about). */
export function scopeOf(scope: ListScope): { kind: ScopeKind; keys: string[] } {
  if ("publicationId" in scope) return { kind: "publication", keys: [scope.publicationId] };
  if ("tag" in scope) return { kind: "tag", keys: [scope.tag] };
  if ("publicationTag" in scope) {
    const { tag, publicationId } = scope.publicationTag;
    return { kind: "publicationTag", keys: [tag, publicationId] };
  }
  if ("authorId" in scope) return { kind: "author", keys: [scope.authorId] };
  return { kind: "everything", keys: [] };
}

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

/** A post beside another in its publication's list: what a link to it needs. */
export interface Neighbour {
  slug: string;
  title: string;
}

export interface NeighbourQuery {
  publicationId: string;
  /** The post the neighbours are of. */
  position: ListPosition;
  visibleAt: number;
}

export interface PostLists {
  /**
   * The visible posts just older and just newer than `position` in the publication's list
   * (the keyset order of its pages), each absent at an end of the list.
   */
  neighbours(query: NeighbourQuery): Promise<{ older?: Neighbour; newer?: Neighbour }>;
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
interface ListScopes<From> {
  publication: From;
  tag: From;
  everything: From;
  publicationTag: From;
  author: From;
}

/**
 * Every backend's list statements, named alike: each scope as records without content,
 * with content, and as stored bodies (what a page is joined from).
 */
export function listStatements<From>(
  scopes: ListScopes<From>,
  records: (withContent: boolean, from: From) => string,
  bodies: (from: From) => string,
) {
  const { publication, tag, everything, publicationTag, author } = scopes;
  return {
    publicationTag: records(false, publicationTag),
    publicationTagWithContent: records(true, publicationTag),
    publicationTagBodies: bodies(publicationTag),
    author: records(false, author),
    authorWithContent: records(true, author),
    authorBodies: bodies(author),
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
