// The embedded default: one SQLite file in WAL mode, on better-sqlite3.
// better-sqlite3 is synchronous; a point read costs microseconds, less than a hop
// to a worker thread would, so reads run on the event loop.
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { StoreUnavailableError } from "../../errors.js";
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
import { watchDataVersion } from "./changes.js";
import { migrations } from "./migrations.js";
import { readName, readSql } from "./queries.js";
import { toPostRecord, type PostRow } from "./rows.js";
import { SqliteWrite } from "./writes.js";

export { StoreOpenError };

export function openSqliteStore(path: string): SqliteStore {
  try {
    if (path !== ":memory:") makeParents(dirname(path));
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS folio_schema (version INTEGER NOT NULL) STRICT");
    return new SqliteStore(db);
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

export class SqliteStore implements PostStore {
  readonly kind = "sqlite";
  private statements?: Record<keyof typeof readSql, Database.Statement>;

  constructor(readonly db: Database.Database) {}

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
      throw asUnavailable(error);
    }
  }

  async nextGoLive(now: number): Promise<number | undefined> {
    return (this.run("nextGoLive", [now]) as { t: number | null } | undefined)?.t ?? undefined;
  }

  async countPosts(): Promise<number> {
    return this.db.prepare("SELECT count(*) FROM posts").pluck().get() as number;
  }

  async beginWrite(): Promise<WriteTransaction> {
    return new SqliteWrite(this.db, this.notify);
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
      throw asUnavailable(error);
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

  async updateDerived(updates: readonly DerivedUpdate[]): Promise<void> {
    const update = this.db.prepare(
      `UPDATE posts SET content_json = ?, static_html = ?, markdown = ?, renderer_version = ?
        WHERE id = ?`,
    );
    this.db.transaction(() => {
      for (const u of updates)
        update.run(u.json, u.staticHtml, u.markdown, u.rendererVersion, u.id);
    })();
    if (updates.length > 0) this.notify({ all: false, postIds: updates.map((u) => u.id) });
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
    return { current: state.latest, latest: state.latest };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function prepareAll(db: Database.Database): Record<keyof typeof readSql, Database.Statement> {
  const entries = Object.entries(readSql).map(([name, sql]) => [name, db.prepare(sql)]);
  return Object.fromEntries(entries) as Record<keyof typeof readSql, Database.Statement>;
}

/** Lock contention and I/O faults are the store being unavailable, not a bug. */
function asUnavailable(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? "";
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|CORRUPT|NOTADB)/.test(code)) {
    return new StoreUnavailableError(`SQLite store unavailable: ${code}`);
  }
  if (error instanceof TypeError && /database connection is not open/.test(error.message)) {
    return new StoreUnavailableError("SQLite store is closed");
  }
  return error;
}
