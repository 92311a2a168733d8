// The export's snapshot on SQLite (store/export-reads.ts): a read transaction on a connection
// of its own, so the serving connection keeps reading and writing while the export reads the
// file as it was (WAL mode gives each reader its snapshot). An in-memory store has no second
// connection: its snapshot holds the store's write turn instead, writes waiting until it closes.
import Database from "better-sqlite3";
import { snapshotReads, type ExportSnapshot } from "../export-reads.js";
import { sqliteExecutor } from "./executor.js";
import type { WriteQueue } from "./write-queue.js";

export async function openSqliteSnapshot(
  main: Database.Database,
  writes: WriteQueue,
): Promise<ExportSnapshot> {
  const release = main.memory ? await writes.acquire() : () => {};
  let db = main;
  try {
    if (!main.memory) db = new Database(main.name, { readonly: true });
    db.exec("BEGIN");
    // A read transaction takes its snapshot at its first read, not at BEGIN.
    db.prepare("SELECT count(*) FROM publications").get();
  } catch (error) {
    if (db !== main) db.close();
    release();
    throw error;
  }
  let open = true;
  return snapshotReads(sqliteExecutor(db), async () => {
    if (!open) return;
    open = false;
    try {
      db.exec("COMMIT");
    } finally {
      if (db !== main) db.close();
      release();
    }
  });
}
