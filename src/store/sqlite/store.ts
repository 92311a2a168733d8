// The embedded default: one SQLite file in WAL mode, on better-sqlite3.
// better-sqlite3 is synchronous; a point read costs microseconds, less than a hop
// to a worker thread would, so reads run on the event loop.
import type Database from "better-sqlite3";
import { asStoreError } from "./errors.js";
import {
  StoreOpenError,
  type ChangeListener,
  type ChangeNotice,
  type WriteTransaction,
  type AssembledRoles,
  type PostReader,
  type StoreMaintenance,
  type PostStore,
  type Represent,
} from "../post-store.js";
import { wrapMethods } from "../wrap-methods.js";
import { apiKeyStore } from "../api-keys.js";
import { sqliteExecutor } from "./executor.js";
import { postSources } from "../post-sources.js";
import { authoringReader } from "../authoring-reads.js";
import { Background } from "./background.js";
import { watchDataVersion } from "./changes.js";
import { sqliteGoLiveEvents } from "./go-live-events.js";
import { sqliteViews, type Exclusive } from "./views.js";
import { deskStore } from "../desk.js";
import { mediaStore } from "../media.js";
import { sqliteClaim } from "./webhook-deliveries.js";
import { webhookDeliveryStore } from "../webhook-deliveries.js";
import { webhookEndpointStore } from "../webhook-endpoints.js";
import { WriteQueue } from "./write-queue.js";
import { postReader } from "../post-reads.js";
import { SqliteWrite } from "./writes.js";
import { sqliteMaintenance } from "./maintenance.js";
import { beginImmediate, openDatabase } from "./open.js";
import { addRole } from "../wrap-methods.js";
import { postLists } from "../post-lists.js";
import { publicationReader } from "../publications.js";
import { SqliteSearch } from "./search.js";
import { SqliteBytesWriter } from "./stored-bytes.js";
import { storedBytesReader } from "../stored-bytes.js";
import { sitePageStore } from "../site-pages.js";
import { openSqliteSnapshot } from "./export-reads.js";
import type { ExportSnapshot } from "../export-reads.js";

export { StoreOpenError };

interface SqliteStoreOptions {
  /** Makes the bodies stored with each post (stored-bytes.ts); without it none are stored. */
  represent?: Represent;
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  return new SqliteStore(openDatabase(path), options.represent);
}

// Declaration merging: the smaller roles are assigned in the constructor, from their files
// (functions returning objects, or role classes added by addRole).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
interface SqliteStore extends PostReader, AssembledRoles, Omit<StoreMaintenance, "ping"> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class SqliteStore implements PostStore {
  readonly kind = "sqlite";
  /**
   * One write transaction at a time in this process, on either connection: a transaction
   * left open across an await (an import, a sweep) is never joined by another writer's
   * statements, nor made to wait on the busy timeout with the event loop blocked.
   */
  private readonly writes = new WriteQueue();
  private readonly background: Background;
  private readonly bytes: SqliteBytesWriter;

  constructor(
    readonly db: Database.Database,
    represent?: Represent,
  ) {
    this.background = new Background(db, this.writes);
    this.bytes = new SqliteBytesWriter(db, represent);
    const reads = sqliteExecutor(db);
    Object.assign(this, postReader(reads, reads));
    Object.assign(this, sqliteMaintenance(db, this.writes, this.notify, this.bytes));
    Object.assign(
      this,
      authoringReader(reads, reads),
      apiKeyStore(sqliteExecutor(db)),
      publicationReader(reads),
      storedBytesReader(reads),
      postLists(reads),
      postSources(reads),
    );
    const exclusive: Exclusive = (work) => this.writes.exclusive(work);
    // Writes in their turn among the store's writers; reads at once.
    const inTurn = sqliteExecutor(db, exclusive);
    Object.assign(this, sqliteViews(db, exclusive), deskStore(inTurn), mediaStore(inTurn));
    Object.assign(this, sitePageStore(reads, inTurn));
    addRole(this, new SqliteSearch(db));
    const roles = {
      ...webhookEndpointStore(sqliteExecutor(db, (work) => this.background.onMain(work))),
      ...webhookDeliveryStore({
        queue: sqliteExecutor(
          () => this.background.db,
          (work) => this.background.exclusive(work),
        ),
        main: inTurn,
        claim: sqliteClaim(this.background),
      }),
      ...sqliteGoLiveEvents(this.background),
    };
    Object.assign(
      this,
      wrapMethods(roles, (_name, method) => translated(method)),
    );
  }

  async beginWrite(): Promise<WriteTransaction> {
    const release = await this.writes.acquire();
    try {
      await beginImmediate(this.db);
    } catch (error) {
      release();
      throw asStoreError(error);
    }
    try {
      const write = new SqliteWrite(this.db, this.notify, this.bytes);
      write.onFinish = release;
      return write;
    } catch (error) {
      this.db.exec("ROLLBACK");
      release();
      throw asStoreError(error);
    }
  }

  async openSnapshot(): Promise<ExportSnapshot> {
    try {
      return await openSqliteSnapshot(this.db, this.writes);
    } catch (error) {
      throw asStoreError(error);
    }
  }

  private readonly listeners = new Set<ChangeListener>();

  /** Writes through this connection are told at once; other processes' through polling. */
  private readonly notify = (notice: ChangeNotice) => {
    for (const listener of this.listeners) listener(notice);
  };

  async watchChanges(listener: ChangeListener): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    const stopPolling = watchDataVersion(this.db, listener);
    return async () => {
      this.listeners.delete(listener);
      await stopPolling();
    };
  }

  async ping(): Promise<void> {
    try {
      this.db.prepare("SELECT 1").get();
    } catch (error) {
      throw asStoreError(error);
    }
  }

  async close(): Promise<void> {
    this.background.close();
    if (this.db.open) this.db.close();
  }
}

function translated(method: (...args: unknown[]) => unknown) {
  return async (...args: unknown[]) => {
    try {
      return await method(...args);
    } catch (error) {
      throw asStoreError(error);
    }
  };
}
