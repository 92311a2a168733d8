// The narrow, async storage interface everything above the store depends on.
// Each backend (sqlite/, postgres/) implements it with the same file names.

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

/** One all-or-nothing write: nothing applied is visible to readers before commit. */
export interface ImportTransaction {
  /** Writes the records that pass the store's checks (references, uniqueness). */
  apply(batch: readonly NumberedRecord[]): Promise<Rejection[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
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

export type ChangeListener = (notice: ChangeNotice) => void;

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

export interface PostStore {
  readonly kind: "sqlite" | "postgres";
  findPostById(id: string, options: ReadOptions): Promise<PostRecord | undefined>;
  findPostBySlugs(
    publicationSlug: string,
    postSlug: string,
    options: ReadOptions,
  ): Promise<PostRecord | undefined>;
  countPosts(): Promise<number>;
  beginImport(): Promise<ImportTransaction>;
  /** Up to `limit` post sources in id order after `afterId`, optionally only older renders. */
  listPostSources(afterId: string, limit: number, belowVersion?: number): Promise<PostSource[]>;
  /** Replaces the derived content of these posts in one transaction. */
  updateDerived(updates: readonly DerivedUpdate[]): Promise<void>;
  /**
   * Calls the listener after every committed write, from this process or another,
   * within about a second. Resolves to a function that stops watching.
   */
  watchChanges(listener: ChangeListener): Promise<() => Promise<void>>;
  /** Cheap liveness check of the store, for readiness. */
  ping(): Promise<void>;
  /** Brings the schema to the latest version this code knows. */
  migrate(): Promise<SchemaState>;
  schemaState(): Promise<SchemaState>;
  close(): Promise<void>;
}

/** The store's schema is newer than this code: refuse to run rather than misread it. */
export class SchemaTooNewError extends Error {
  constructor(state: SchemaState) {
    super(
      `the store's schema is at version ${state.current}, newer than this Folio knows (${state.latest}); upgrade Folio`,
    );
  }
}

/** The store cannot be opened as configured (bad path, bad credentials, no such database). */
export class StoreOpenError extends Error {}
