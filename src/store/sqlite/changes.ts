// Change notices on SQLite. Writers may be other processes (folio import while serve runs),
// so watchers poll PRAGMA data_version: it moves whenever another connection commits,
// and reading it costs a few microseconds.
import type Database from "better-sqlite3";
import type { ChangeListener } from "../post-store.js";

const POLL_MS = 250;

export function watchDataVersion(
  db: Database.Database,
  listener: ChangeListener,
  pollMs = POLL_MS,
): () => Promise<void> {
  const read = () => db.pragma("data_version", { simple: true }) as number;
  let seen = read();
  const timer = setInterval(() => {
    if (!db.open) return;
    const now = read();
    if (now === seen) return;
    seen = now;
    listener({ all: true, postIds: [] });
  }, pollMs);
  timer.unref();
  return async () => clearInterval(timer);
}
