// What the store holds and hands back: plain data, no behaviour.

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

/** The fields a post has whether it is being written or read back. */
interface PostFields {
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

export interface PublicationInput {
  type: "publication";
  id: string;
  slug: string;
  name: string;
}

export interface AuthorInput extends AuthorRecord {
  type: "author";
}

export interface PostInput extends PostFields {
  type: "post";
  authorIds: string[];
  content: PostContent;
  rendererVersion: number;
}

export type ImportRecord = PublicationInput | AuthorInput | PostInput;

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
 * What a committed write changed, for nodes that hold copies (the response cache).
 * `all` when the writer cannot say (a large import, another process on SQLite), or when
 * a publication or author changed, since that touches every post that shows it.
 */
export interface ChangeNotice {
  all: boolean;
  postIds: string[];
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
