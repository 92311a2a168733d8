// The PostgreSQL store, for many Folio nodes on one database. Reads go to the read pool
// (a replica when DATABASE_READ_URL is set); migrations, imports and LISTEN to the primary.
// Pools connect lazily, so a store opens even while PostgreSQL is down: its calls then
// fail with StoreUnavailableError, and succeed again once the server is back.
import { openPostgresSnapshot } from "./export-reads.js";
import type { ExportSnapshot } from "../export-reads.js";
import type pg from "pg";
import type { PostgresSettings } from "../../config/index.js";
import { StoreUnavailableError } from "../../errors.js";
import type {
  ChangeListener,
  WriteTransaction,
  AssembledRoles,
  PostReader,
  PostStore,
  StoreMaintenance,
} from "../post-store.js";
import type { WriteOptions } from "../post-store.js";
import { apiKeyStore } from "../api-keys.js";
import { postgresExecutor, postgresReads } from "./executor.js";
import { postSources } from "../post-sources.js";
import { authoringReader } from "../authoring-reads.js";
import { ChangeWatch } from "./changes.js";
import { postgresViews } from "./views.js";
import { deskStore } from "../desk.js";
import { mediaStore } from "../media.js";
import { createPool, withClient } from "./pool.js";
import { postgresMaintenance } from "./maintenance.js";
import { asStoreError, describeUrl } from "./errors.js";
import { postReader } from "../post-reads.js";
import { PostgresWrite } from "./writes.js";
import { addRole } from "../wrap-methods.js";
import { postLists } from "../post-lists.js";
import { sitePageStore } from "../site-pages.js";
import { publicationReader } from "../publications.js";
import type { ReadContext } from "./reads.js";
import { PostgresSearch } from "./search.js";
import { postgresGoLiveEvents } from "./go-live-events.js";
import { postgresClaim } from "./webhook-deliveries.js";
import { webhookDeliveryStore } from "../webhook-deliveries.js";
import { webhookEndpointStore } from "../webhook-endpoints.js";
import type { Represent } from "../stored-bytes.js";
import { postgresStoredBytesReader } from "./stored-bytes.js";

interface PostgresStoreOptions extends PostgresSettings {
  url: string;
  /** Where the store reports what an operator should know (lost notices connection). */
  log?: (message: string) => void;
  /** Makes the bodies stored with each post (stored-bytes.ts); without it none are stored. */
  represent?: Represent;
}

export function openPostgresStore(options: PostgresStoreOptions): PostgresStore {
  return new PostgresStore(options);
}

// Declaration merging: the smaller roles are assigned in the constructor, from their files
// (functions returning objects, or role classes added by addRole).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
interface PostgresStore extends PostReader, AssembledRoles, Omit<StoreMaintenance, "ping"> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class PostgresStore implements PostStore {
  readonly kind = "postgres";
  private readonly primary: pg.Pool;
  private readonly reader: pg.Pool;
  private readonly changes: ChangeWatch;
  private readonly where: string;
  /** Reads on the read pool: named, bounded in time (reads.ts). */
  private readonly context: ReadContext;

  constructor(private readonly options: PostgresStoreOptions) {
    this.where = describeUrl(options.url);
    this.changes = new ChangeWatch(options.url, options.log);
    this.primary = createPool(options.url, options, "primary");
    this.reader = options.readUrl ? createPool(options.readUrl, options, "read") : this.primary;
    const onPrimary = this.onPrimary.bind(this);
    const primary = postgresExecutor(onPrimary);
    Object.assign(this, apiKeyStore(primary), postgresViews(onPrimary));
    Object.assign(this, deskStore(primary), mediaStore(primary));
    this.context = {
      pool: this.reader,
      translate: (error) => this.translate(error),
      statementTimeoutMs: options.statementTimeoutMs,
    };
    addRole(this, new PostgresSearch(this.context));
    const reads = postgresReads(this.context);
    Object.assign(this, publicationReader(reads), postgresStoredBytesReader(reads));
    Object.assign(this, postLists(reads), sitePageStore(reads, primary));
    // Go-lives, counts and an author's own list on the primary: a lagging replica may not
    // have a post just written.
    Object.assign(this, postReader(reads, primary), authoringReader(primary, reads));
    Object.assign(
      this,
      webhookEndpointStore(primary),
      webhookDeliveryStore({
        queue: primary,
        main: primary,
        claim: postgresClaim(onPrimary),
      }),
    );
    // On the primary: a rerender must not miss a post a lagging replica lacks.
    Object.assign(this, postgresGoLiveEvents(onPrimary), postSources(primary));
    Object.assign(
      this,
      postgresMaintenance(onPrimary, this.changes.notifyLocal, options.represent),
    );
  }

  private closed = false;

  /** After close() the store answers like one that is down: unavailable, not a bug. */
  private readonly translate = (error: unknown) =>
    this.closed
      ? new StoreUnavailableError(`PostgreSQL store for ${this.where} is closed`)
      : asStoreError(error, this.where);

  async beginWrite(options: WriteOptions = {}): Promise<WriteTransaction> {
    const bulk = options.bulk ?? true;
    return PostgresWrite.begin(
      ...[this.primary, this.translate, this.changes.notifyLocal],
      ...[this.options.represent, bulk],
    );
  }

  openSnapshot(): Promise<ExportSnapshot> {
    return openPostgresSnapshot(this.primary, this.translate);
  }

  watchChanges(listener: ChangeListener): Promise<() => Promise<void>> {
    return this.changes.watch(listener);
  }

  async ping(): Promise<void> {
    try {
      await this.reader.query({ text: "SELECT 1", query_timeout: 2000 } as pg.QueryConfig);
    } catch (error) {
      throw this.translate(error);
    }
  }

  private onPrimary<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.onPool(this.primary, work);
  }

  private onPool<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return withClient(pool, this.translate, work);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.changes.close();
    const pools = this.reader === this.primary ? [this.primary] : [this.primary, this.reader];
    await Promise.all(pools.map((pool) => pool.end().catch(() => {})));
  }
}
