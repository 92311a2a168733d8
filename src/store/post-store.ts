// The narrow, async storage interfaces everything above the store depends on, one per role.
// Each backend (sqlite/, postgres/) implements all of them with the same file names; a caller
// asks for the role it needs, so a reader can never write and the import never reads posts.
import type {
  ChangeNotice,
  DerivedUpdate,
  NumberedRecord,
  PostRecord,
  PostSource,
  Rejection,
  SchemaState,
} from "./records.js";
import type { ApiKeyStore } from "./api-keys.js";
import type { AuthoringReader } from "./authoring-reads.js";
import type { AuthoringWrites } from "./authoring-writes.js";
import type { ViewStore } from "./views.js";
import type { SnapshotReader } from "./export-reads.js";
import type { DeskStore } from "./desk.js";
import type { MediaStore } from "./media.js";

import type { PostLists } from "./post-lists.js";
import type { PublicationReader } from "./publications.js";
import type { SearchReader } from "./search.js";
import type { StoredBytesReader } from "./stored-bytes.js";
import type { SitePageStore } from "./site-pages.js";
import type { GoLiveEvents } from "./go-live-events.js";
import type { WebhookDeliveryStore } from "./webhook-deliveries.js";
import type { WebhookEndpointStore } from "./webhook-endpoints.js";

export type * from "./records.js";

export type * from "./api-keys.js";
export type * from "./authoring-reads.js";
export type * from "./authoring-writes.js";
export type * from "./views.js";
export type * from "./export-reads.js";
export type * from "./desk.js";
export type * from "./media.js";
export type * from "./post-lists.js";
export type * from "./publications.js";
export type * from "./search.js";
export type * from "./site-pages.js";
export type * from "./stored-bytes.js";
export type * from "./go-live-events.js";
export type * from "./webhook-deliveries.js";
export type * from "./webhook-endpoints.js";

export type Lookup = { id: string } | { publicationSlug: string; postSlug: string };

export interface ReadOptions {
  withContent: boolean;
  /**
   * Only a post visible at this instant (visibility.ts), decided in the query: a hidden post
   * then costs what a missing one costs. Omitted: any post, whatever its state (authoring).
   */
  visibleAt?: number;
}

/** Reading posts. */
export interface PostReader {
  findPostById(id: string, options: ReadOptions): Promise<PostRecord | undefined>;
  findPostBySlugs(
    publicationSlug: string,
    postSlug: string,
    options: ReadOptions,
  ): Promise<PostRecord | undefined>;
  countPosts(): Promise<number>;
  /** The earliest publication time after `now` of a published post, if any (a go-live). */
  nextGoLive(now: number): Promise<number | undefined>;
}

/**
 * One all-or-nothing write: nothing applied is visible to readers before commit. Imports
 * use `apply`; API writes also the questions and removals of AuthoringWrites.
 */
export interface WriteTransaction extends AuthoringWrites {
  /** Writes the records that pass the store's checks (references, uniqueness). */
  apply(batch: readonly NumberedRecord[]): Promise<Rejection[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Writing: imports now, the authoring API next, through the same transaction type. */
export interface PostWriter {
  beginWrite(options?: WriteOptions): Promise<WriteTransaction>;
}

export interface WriteOptions {
  /**
   * A bulk write (an import: the default) may run for long and touch many rows; a small one
   * (one API write) keeps the store's statement timeout and plans.
   */
  bulk?: boolean;
}

export type ChangeListener = (notice: ChangeNotice) => void;

/** Hearing about committed writes, from this process or another, within about a second. */
export interface ChangeFeed {
  /** Resolves to a function that stops watching. */
  watchChanges(listener: ChangeListener): Promise<() => Promise<void>>;
}

/** What operators run: schema, re-derivation, health. */
export interface StoreMaintenance {
  /** Brings the schema to the latest version this code knows. */
  migrate(): Promise<SchemaState>;
  schemaState(): Promise<SchemaState>;
  /** Up to `limit` post sources in id order after `afterId`, optionally only older renders. */
  listPostSources(afterId: string, limit: number, belowVersion?: number): Promise<PostSource[]>;
  /**
   * Sets the derived content and renderer version of these posts in one transaction; how many
   * posts' content differed from what was stored (only those are written, announced and
   * dropped from caches).
   */
  updateDerived(updates: readonly DerivedUpdate[]): Promise<number>;
  /** Cheap liveness check of the store, for readiness. */
  ping(): Promise<void>;
}

/**
 * The roles each backend assembles from its own files (one file per role, the same names on
 * both), declaration-merged onto its store class.
 */
export interface AssembledRoles
  extends
    AuthoringReader,
    ApiKeyStore,
    ViewStore,
    PublicationReader,
    PostLists,
    SearchReader,
    StoredBytesReader,
    SitePageStore,
    WebhookEndpointStore,
    WebhookDeliveryStore,
    GoLiveEvents,
    DeskStore,
    MediaStore {}

/** A whole backend: every role, plus its lifetime. */
export interface PostStore
  extends PostReader, PostWriter, ChangeFeed, StoreMaintenance, AssembledRoles, SnapshotReader {
  readonly kind: "sqlite" | "postgres";
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
