// A second connection for a serving process's background work (webhook deliveries, go-live
// sweeps) that never waits for a lock. better-sqlite3 blocks the event loop while it waits:
// on the request connection, a writer in another process (`folio import`) would then stall
// every read for up to the busy timeout. Here a busy database fails at once, and the
// caller tries again later.
import Database from "better-sqlite3";
import { beginImmediate } from "./open.js";
import type { WriteQueue } from "./write-queue.js";

export class Background {
  private connection: Database.Database | undefined;

  /** `writes`: the store's one queue of write transactions, whichever connection they use. */
  constructor(
    private readonly main: Database.Database,
    private readonly writes: WriteQueue,
  ) {}

  /** The connection, opened on first use; an in-memory database's one connection serves. */
  get db(): Database.Database {
    if (this.main.memory) return this.main;
    if (this.connection === undefined) {
      const db = new Database(this.main.name);
      db.pragma("busy_timeout = 0");
      db.pragma("foreign_keys = ON");
      this.connection = db;
    }
    return this.connection;
  }

  /** Runs `work` on this connection in its turn among the store's writers. */
  exclusive<T>(work: (db: Database.Database) => T | Promise<T>): Promise<T> {
    return this.writes.exclusive(() => work(this.db));
  }

  /** Runs `work` on the request connection in its turn among the store's writers. */
  onMain<T>(work: (db: Database.Database) => T | Promise<T>): Promise<T> {
    return this.writes.exclusive(() => work(this.main));
  }

  close(): void {
    if (this.connection?.open) this.connection.close();
  }
}

/** BEGIN IMMEDIATE … COMMIT around async work that only awaits this connection. */
export async function inTransaction<T>(db: Database.Database, work: () => Promise<T>): Promise<T> {
  await beginImmediate(db);
  try {
    const result = await work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** better-sqlite3 binds `?1 … ?n` (each usable many times) from an object keyed 1 … n. */
export function numbered(...values: unknown[]): Record<number, unknown> {
  return Object.fromEntries(values.map((value, i) => [i + 1, value]));
}
