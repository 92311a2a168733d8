// The wire types of the discovery reads and the authoring API, spelled out like types.ts and
// held equal to the server's TypeBox schemas by test/client/types.test.ts.
import type { Author, Post } from "./types.js";

export interface Publication {
  id: string;
  name: string;
  /** The owner: the one given, else the first author by id, else empty. */
  ownerUserId: string;
  slug: string;
  customDomain?: string;
  summary?: string;
  logoUrl?: string;
}

/** Users are the publications' authors. */
export type User = Author;

export interface Pagination {
  /** Pass it back as `cursor` for the next page; absent on the last. */
  cursor?: string;
  hasMore: boolean;
  total?: number;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export interface FeedItem {
  post: Post;
  publication: Publication;
  user: Author;
}

export interface SearchBlog {
  blogId: string;
  userId: string;
  name: string | null;
  url: string | null;
  slug: string | null;
  logoUrl: string | null;
  coinId: string | null;
  customDomain?: string;
  summary?: string;
}

export interface SearchUser {
  userId: string;
  name: string | null;
  bio?: string;
  avatarUrl?: string;
  walletAddress?: string;
}

export interface PostSearchHit {
  post: {
    postId: string;
    blogId: string;
    createdAt: string;
    publishedAt: string | null;
    title: string | null;
    subtitle: string | null;
    postPreview: string | null;
    coverImageUrl: string | null;
    slug: string | null;
    coinId: string | null;
  };
  blog: SearchBlog;
  user: SearchUser;
}

export interface BlogSearchHit {
  blog: SearchBlog;
  user: SearchUser;
  activeSubscriberCount: number;
}

interface WritableFields {
  subtitle?: string;
  imageUrl?: string;
  slug?: string;
  postPreview?: string;
  /** An array, or one comma-separated string. */
  categories?: string[] | string;
  sendNewsletter?: boolean | "true" | "false" | "1" | "0";
  authorIds?: string[];
  markdown?: string;
  /** A TipTap document (object or serialized), instead of markdown. */
  json?: object | string;
}

export interface CreatePostBody extends WritableFields {
  title: string;
  status?: "published" | "draft";
  /** Milliseconds since the Unix epoch, in the future. */
  scheduledAt?: number;
}

export interface UpdatePostBody extends WritableFields {
  title?: string;
  status?: "draft" | "published" | "archived";
  /** null cancels a schedule. */
  scheduledAt?: number | null;
}

export interface CreatedPost {
  id: string;
  status: "published" | "draft" | "scheduled";
}

/** A post of the key's own list, with its page views. */
export type OwnPost = Post & { views: number };
export type OwnStatus = "published" | "draft" | "scheduled" | "archived";
