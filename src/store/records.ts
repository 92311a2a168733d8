// What the store holds and hands back: plain data, no behaviour.
import type { ApiKeyRecord } from "./api-keys.js";
import type { MediaRecord, MediaVariant } from "./media.js";
import type { NewEndpoint } from "./webhook-endpoints.js";

export type PostStatus = "draft" | "published" | "archived";

export interface SocialRecord {
  username: string;
  displayName?: string;
  fid: number;
}

export interface AuthorRecord {
  id: string;
  publicationId: string;
  name: string;
  walletAddress?: string;
  avatarUrl?: string;
  bio?: string;
  social?: SocialRecord;
}

export interface PostContent {
  json: string;
  staticHtml: string;
  markdown: string;
}

/** The fields a post has whether it is being written, read back or exported. */
export interface PostFields {
  id: string;
  publicationId: string;
  slug: string;
  title: string;
  subtitle?: string;
  imageUrl?: string;
  status: PostStatus;
  /** Milliseconds since the Unix epoch. */
  publishedAt?: number;
  updatedAt: number;
  coinId?: string;
  categories: string[];
}

/** A post as stored, whatever its visibility: the read service decides what is shown. */
export interface PostRecord extends PostFields {
  publicationSlug: string;
  authors: AuthorRecord[];
  /** Present only when asked for with `withContent`. */
  content?: PostContent;
}

export interface ReadOptions {
  withContent: boolean;
}

/** A publication's own fields, as written and as read back (the original service's). */
export interface PublicationFields {
  id: string;
  slug: string;
  name: string;
  /** The author who owns it; see PublicationRecord for the one read back. */
  ownerUserId?: string;
  /** Its own site, an absolute http(s) URL (`https://blog.example.com`). */
  customDomain?: string;
  summary?: string;
  logoUrl?: string;
}

export interface PublicationInput extends PublicationFields {
  type: "publication";
}

/**
 * A publication as read. `ownerUserId` is always there: the one written, else the
 * publication's first author by id, else "" (a publication with neither).
 */
export interface PublicationRecord extends PublicationFields {
  ownerUserId: string;
}

/** Users are our authors, read on their own. */
export type UserRecord = AuthorRecord;

export interface AuthorInput extends AuthorRecord {
  type: "author";
}

export interface PostInput extends PostFields {
  type: "post";
  authorIds: string[];
  content: PostContent;
  rendererVersion: number;
  /** The preview text an API write gave (not served by the read operations). */
  postPreview?: string;
  /** Whether subscribers are to be mailed when it publishes; carried for events, never sent. */
  sendNewsletter?: boolean;
  /** When it was first stored, if the writer knows (an export); else `createdAtOf`. */
  createdAt?: number;
  /** Its slug history, when the writer gives it: replaces what the store held. */
  oldSlugs?: string[];
  /** Its view total, when the writer gives it: replaces what the store held. */
  views?: number;
}

/** When a post is first stored: the order of a publication's own list (newest first). */
export function createdAtOf(
  post: Pick<PostInput, "publishedAt" | "updatedAt" | "createdAt">,
): number {
  return post.createdAt ?? post.publishedAt ?? post.updatedAt;
}

/** An API key carried from another store: its hash, never its secret. */
export interface ApiKeyInput extends ApiKeyRecord {
  type: "apiKey";
}

/** A webhook endpoint carried from another store, with its signing secret. */
export interface EndpointInput extends NewEndpoint {
  type: "webhookEndpoint";
}

/** An image carried from another store: every stored variant, its bytes as they were. */
export interface MediaInput extends Omit<MediaRecord, "widths"> {
  type: "media";
  variants: MediaVariant[];
}

export type ImportRecord =
  PublicationInput | AuthorInput | PostInput | ApiKeyInput | EndpointInput | MediaInput;

/** A record with the line of the file it came from, so rejections can name it. */
export interface NumberedRecord {
  line: number;
  record: ImportRecord;
}

export interface Rejection {
  line: number;
  field: string;
  reason: string;
}

/**
 * What a committed write changed, for nodes that hold copies (the response caches).
 * `all` when the writer cannot say (a large import, another process on SQLite), or when
 * a publication or author changed, since that touches every post that shows it.
 * `publicationIds` and `tags` name the lists the written posts were in or are now in
 * (before and after the write); empty when no post moved in or out of a list (a
 * re-render); absent when the writer did not say (an older node): any list may have changed.
 */
export interface ChangeNotice {
  all: boolean;
  postIds: string[];
  publicationIds?: string[];
  tags?: string[];
}

/** A post's stored source document, for re-deriving its content. */
export interface PostSource {
  id: string;
  json: string;
  rendererVersion: number;
}

export interface DerivedUpdate extends PostContent {
  id: string;
  rendererVersion: number;
}

export interface SchemaState {
  current: number;
  latest: number;
}

/** A key or endpoint named a publication the store does not have. */
export class UnknownPublicationError extends Error {
  constructor(readonly publicationId: string) {
    super(`unknown publication ${publicationId}`);
  }
}
