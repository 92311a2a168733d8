// The checkpoint thread of checkpointer.ts: its own connection copies the write-ahead log
// into the database file every few milliseconds until told to stop.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { path, everyMs } = workerData as { path: string; everyMs: number };
const db = new Database(path, { fileMustExist: true });
// Another checkpoint running (a writer's, another process's) is not waited for: the next
// tick tries again.
db.pragma("busy_timeout = 0");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy: see above.
  }
}, everyMs);

parentPort!.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
