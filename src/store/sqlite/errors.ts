// Which SQLite failures mean "the store cannot answer now" (the API says 503), and the
// statements of the smaller roles, prepared on first use (their tables come by migration).
import type Database from "better-sqlite3";
import { StoreUnavailableError } from "../../errors.js";
import { WriteConflictError } from "../authoring-writes.js";

/** Lock contention and I/O faults are the store being unavailable, not a bug; a unique key
 * a concurrent writer took first is a conflict. */
export function asStoreError(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? "";
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|CORRUPT|NOTADB)/.test(code)) {
    return new StoreUnavailableError(`SQLite store unavailable: ${code}`);
  }
  if (error instanceof TypeError && /database connection is not open/.test(error.message)) {
    return new StoreUnavailableError("SQLite store is closed");
  }
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return new WriteConflictError((error as Error).message);
  }
  return error;
}

/** A statement prepared the first time it is asked for, then kept. */
export function lazyStatements(db: Database.Database) {
  const prepared = new Map<string, Database.Statement>();
  return (sql: string): Database.Statement => {
    let statement = prepared.get(sql);
    if (statement === undefined) prepared.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
}

/** Runs `work`, translating SQLite's failures into the store's vocabulary. */
export function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asStoreError(error);
  }
}
