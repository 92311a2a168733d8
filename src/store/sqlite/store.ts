// The embedded default: one SQLite file in WAL mode, on better-sqlite3.
// better-sqlite3 is synchronous; a point read costs microseconds, less than a hop
// to a worker thread would, so reads run on the event loop.
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { asStoreError } from "./errors.js";
import {
  SchemaTooNewError,
  StoreOpenError,
  type ChangeListener,
  type DerivedUpdate,
  type PostSource,
  type ChangeNotice,
  type WriteTransaction,
  type PostRecord,
  type PostStore,
  type ReadOptions,
  type SchemaState,
} from "../post-store.js";
import { contentOnly } from "../change-notice.js";
import type { ApiKeyStore } from "../api-keys.js";
import type { AuthoringReader } from "../authoring-reads.js";
import type { ViewStore } from "../views.js";
import { Outbox } from "../outbox.js";
import type { GoLiveEvents } from "../go-live-events.js";
import type { WebhookDeliveryStore } from "../webhook-deliveries.js";
import type { WebhookEndpointStore } from "../webhook-endpoints.js";
import { wrapMethods } from "../wrap-methods.js";
import { sqliteApiKeys } from "./api-keys.js";
import { sqliteAuthoringReads } from "./authoring-reads.js";
import { Background, inTransaction } from "./background.js";
import { watchDataVersion } from "./changes.js";
import { sqliteGoLiveEvents } from "./go-live-events.js";
import { sqliteOutboxIo } from "./outbox.js";
import { sqliteViews } from "./views.js";
import { sqliteWebhookDeliveries } from "./webhook-deliveries.js";
import { sqliteWebhookEndpoints } from "./webhook-endpoints.js";
import { WriteQueue } from "./write-queue.js";
import { migrations } from "./migrations.js";
import { readName, readSql } from "./queries.js";
import { toPostRecord, type PostRow } from "./rows.js";
import { SqliteWrite } from "./writes.js";
import { addRole } from "../wrap-methods.js";
import type { PostLists } from "../post-lists.js";
import type { PublicationReader } from "../publications.js";
import type { SearchReader } from "../search.js";
import { SqlitePostLists } from "./post-lists.js";
import { SqlitePublications } from "./publications.js";
import { SqliteSearch } from "./search.js";
import type { Represent, StoredBytesReader } from "../stored-bytes.js";
import { SqliteBytesWriter, sqliteStoredBytesReader } from "./stored-bytes.js";

export { StoreOpenError };

export interface SqliteStoreOptions {
  /** Makes the bodies stored with each post (stored-bytes.ts); without it none are stored. */
  represent?: Represent;
}

export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  try {
    if (path !== ":memory:") makeParents(dirname(path));
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS folio_schema (version INTEGER NOT NULL) STRICT");
    return new SqliteStore(db, options.represent);
  } catch (error) {
    throw new StoreOpenError(`cannot open SQLite store ${path}: ${openFailure(error)}`);
  }
}

/** SQLite's own words, and what they usually mean for whoever runs folio. */
const OPEN_HINTS: Record<string, string> = {
  SQLITE_BUSY: "another process holds a lock on it; gave up after the 5 s busy timeout",
  SQLITE_CANTOPEN: "missing, a directory, or not readable and writable by this user",
  SQLITE_NOTADB: "not an SQLite file, or its header is corrupt",
  SQLITE_CORRUPT: "the file is damaged; restore it from a backup",
};

function openFailure(error: unknown): string {
  const { message, code = "" } = error as { message: string; code?: string };
  const hint = OPEN_HINTS[code.replace(/_[A-Z]+$/, "")] ?? OPEN_HINTS[code];
  return hint === undefined ? message : `${message} (${hint})`;
}

/**
 * Creates the file's missing folders one level at a time. Node's recursive mkdirSync spins
 * forever on some paths (under /proc, for one) instead of failing; this fails at once.
 */
function makeParents(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeParents(parent);
  mkdirSync(dir);
}

// Declaration merging: the smaller roles are assigned in the constructor, from their files
// (functions returning objects, or role classes added by addRole).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface SqliteStore
  extends
    AuthoringReader,
    ApiKeyStore,
    ViewStore,
    PublicationReader,
    PostLists,
    SearchReader,
    StoredBytesReader,
    WebhookEndpointStore,
    WebhookDeliveryStore,
    GoLiveEvents {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SqliteStore implements PostStore {
  readonly kind = "sqlite";
  private statements?: Record<keyof typeof readSql, Database.Statement>;
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
    Object.assign(this, sqliteAuthoringReads(db), sqliteApiKeys(db), sqliteStoredBytesReader(db));
    Object.assign(
      this,
      sqliteViews(db, (work) => this.writes.exclusive(work)),
    );
    for (const role of [SqlitePublications, SqlitePostLists, SqliteSearch]) {
      addRole(this, new role(db));
    }
    const roles = {
      ...sqliteWebhookEndpoints(db, this.background),
      ...sqliteWebhookDeliveries(db, this.background),
      ...sqliteGoLiveEvents(this.background),
    };
    Object.assign(
      this,
      wrapMethods(roles, (_name, method) => translated(method)),
    );
  }

  async findPostById(id: string, options: ReadOptions): Promise<PostRecord | undefined> {
    return this.read(false, [id], options);
  }

  async findPostBySlugs(
    publicationSlug: string,
    postSlug: string,
    options: ReadOptions,
  ): Promise<PostRecord | undefined> {
    return this.read(true, [publicationSlug, postSlug], options);
  }

  private read(bySlugs: boolean, keys: string[], o: ReadOptions): PostRecord | undefined {
    const visible = o.visibleAt !== undefined;
    const args = visible ? [...keys, o.visibleAt] : keys;
    const row = this.run(readName(visible, bySlugs, o.withContent), args) as PostRow | undefined;
    return row && toPostRecord(row);
  }

  private run(name: keyof typeof readSql, args: unknown[]): unknown {
    try {
      this.statements ??= prepareAll(this.db);
      return this.statements[name].get(...args);
    } catch (error) {
      throw asStoreError(error);
    }
  }

  async nextGoLive(now: number): Promise<number | undefined> {
    return (this.run("nextGoLive", [now]) as { t: number | null } | undefined)?.t ?? undefined;
  }

  async countPosts(): Promise<number> {
    return this.db.prepare("SELECT count(*) FROM posts").pluck().get() as number;
  }

  async beginWrite(): Promise<WriteTransaction> {
    const release = await this.writes.acquire();
    try {
      const write = new SqliteWrite(this.db, this.notify, this.bytes);
      write.onFinish = release;
      return write;
    } catch (error) {
      release();
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

  async listPostSources(afterId: string, limit: number, belowVersion = Number.MAX_SAFE_INTEGER) {
    const rows = this.db
      .prepare(
        `SELECT id, content_json AS json, renderer_version AS rendererVersion FROM posts
          WHERE id > ? AND renderer_version < ? ORDER BY id LIMIT ?`,
      )
      .all(afterId, belowVersion, limit);
    return rows as PostSource[];
  }

  /** New HTML a reader sees is a `post.updated`, recorded in the same transaction. */
  async updateDerived(updates: readonly DerivedUpdate[]): Promise<void> {
    const update = this.db.prepare(
      `UPDATE posts SET content_json = ?, static_html = ?, markdown = ?, renderer_version = ?
        WHERE id = ?`,
    );
    await this.writes.exclusive(() =>
      inTransaction(this.db, async () => {
        for (const u of updates)
          update.run(u.json, u.staticHtml, u.markdown, u.rendererVersion, u.id);
        const ids = updates.map((u) => u.id);
        this.bytes.refresh(ids);
        await new Outbox(sqliteOutboxIo(this.db)).rerendered(ids, Date.now());
      }),
    );
    if (updates.length > 0) this.notify(contentOnly(updates.map((u) => u.id)));
  }

  async schemaState(): Promise<SchemaState> {
    const current = this.db.prepare("SELECT max(version) FROM folio_schema").pluck().get();
    return { current: (current as number | null) ?? 0, latest: migrations.length };
  }

  async migrate(): Promise<SchemaState> {
    const state = await this.schemaState();
    if (state.current > state.latest) throw new SchemaTooNewError(state);
    const step = this.db.transaction((version: number) => {
      this.db.exec(migrations[version - 1]!);
      this.db.prepare("INSERT INTO folio_schema (version) VALUES (?)").run(version);
    });
    for (let v = state.current + 1; v <= state.latest; v++) step(v);
    await this.fillStoredBytes();
    return { current: state.latest, latest: state.latest };
  }

  /** Posts stored before stored bodies (or by a store without a Represent) get theirs. */
  private async fillStoredBytes(): Promise<void> {
    const fill = () => inTransaction(this.db, async () => this.bytes.fillMissing(500));
    while ((await this.writes.exclusive(fill)) > 0);
  }

  async close(): Promise<void> {
    this.background.close();
    if (this.db.open) this.db.close();
  }
}

function prepareAll(db: Database.Database): Record<keyof typeof readSql, Database.Statement> {
  const entries = Object.entries(readSql).map(([name, sql]) => [name, db.prepare(sql)]);
  return Object.fromEntries(entries) as Record<keyof typeof readSql, Database.Statement>;
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
