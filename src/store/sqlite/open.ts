// Opening the embedded store's file: its folders, the connection's settings, and what a
// failure to open means in words an operator can act on.
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { StoreOpenError } from "../post-store.js";

export function openDatabase(path: string): Database.Database {
  try {
    if (path !== ":memory:") makeParents(dirname(path));
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS folio_schema (version INTEGER NOT NULL) STRICT");
    return db;
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
