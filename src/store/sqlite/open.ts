// Opening the embedded store's file: its folders, the connection's settings, and what a
// failure to open means in words an operator can act on.
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { StoreOpenError } from "../post-store.js";

/** How long a statement waits for another connection's lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(path: string): Database.Database {
  try {
    if (path !== ":memory:") makeParents(dirname(path));
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    // A statement inside a longer transaction keeps the pages it changes in a statement
    // journal, so that it alone can be undone: in a temporary file by default, written for
    // nearly every page an import touches (2.3 GB of writes for 20,000 posts). In memory it is
    // at most one statement's pages at a time (schema steps, which may change a whole table in
    // one statement, run with a file: sqlite/maintenance.ts).
    db.pragma("temp_store = MEMORY");
    db.pragma("foreign_keys = ON");
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec("CREATE TABLE IF NOT EXISTS folio_schema (version INTEGER NOT NULL) STRICT");
    return db;
  } catch (error) {
    throw new StoreOpenError(`cannot open SQLite store ${path}: ${openFailure(error)}`);
  }
}

/** SQLite's own words, and what they usually mean for whoever runs folio. */
const OPEN_HINTS: Record<string, string> = {
  SQLITE_BUSY: `another process holds a lock on it; gave up after the ${BUSY_TIMEOUT_MS / 1000} s busy timeout`,
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
 * BEGIN IMMEDIATE without holding the event loop while another connection writes.
 * better-sqlite3 waits for a lock synchronously: meanwhile no request of this process is
 * answered, and a connection of this process holding its transaction across an await (a
 * second store on the same file, as a test or a tool opens) could never finish, so the wait
 * always ran to its timeout. Here a busy lock is asked for again on timers for as long as the
 * connection's own busy timeout (none, for one that must fail at once).
 */
export async function beginImmediate(db: Database.Database): Promise<void> {
  const timeout = db.pragma("busy_timeout", { simple: true }) as number;
  const deadline = Date.now() + timeout;
  for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
    if (timeout > 0) db.pragma("busy_timeout = 0");
    try {
      db.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() >= deadline)
        throw error;
    } finally {
      if (timeout > 0) db.pragma(`busy_timeout = ${timeout}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
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
