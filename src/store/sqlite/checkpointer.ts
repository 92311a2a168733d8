// Checkpoints of the write-ahead log on a thread of their own. Left to SQLite, the commit
// that takes the log past 1,000 pages copies them into the database file and syncs it: one
// write in a few dozen then pays milliseconds to tens of them (a 5 KB post writes about 40
// pages), on the event loop. Here a worker's own connection copies the pages as they come
// (PASSIVE: it waits for no reader or writer), and a writer checkpoints only when the log
// has outgrown a larger bound because the worker fell behind or stopped.
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** Pages the log may hold before a commit checkpoints it itself; SQLite's default is 1,000. */
const WRITER_CHECKPOINT_PAGES = 10_000;
/** How often the worker copies what the log holds. */
const EVERY_MS = 100;

export class Checkpointer {
  private worker: Worker | undefined;
  private stopped = false;

  constructor(private readonly db: Database.Database) {}

  /** After a write transaction: the first starts the worker (a store only read needs none). */
  wrote(): void {
    if (this.worker !== undefined || this.stopped || this.db.memory || !this.db.open) return;
    const worker = new Worker(new URL("./checkpoint-worker.js", import.meta.url), {
      workerData: { path: this.db.name, everyMs: EVERY_MS },
    });
    worker.unref();
    worker.once("error", () => this.writersCheckpoint());
    this.worker = worker;
    this.db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  }

  /** Ends the worker (its connection closed) before the store's own connection closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (worker === undefined) return;
    this.worker = undefined;
    const exited = once(worker, "exit");
    // Held until it has closed its connection, or the process could end first.
    worker.ref();
    worker.postMessage("stop");
    await exited;
  }

  /** The worker failed: writers checkpoint as SQLite would, and no worker starts again. */
  private writersCheckpoint(): void {
    this.stopped = true;
    this.worker = undefined;
    if (this.db.open) this.db.pragma("wal_autocheckpoint = 1000");
  }
}
