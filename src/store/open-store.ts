// Chooses the backend from the configured database target, and loads only that one: a
// command on SQLite does not load the PostgreSQL driver, nor one on PostgreSQL SQLite's.
import type { DatabaseTarget } from "../config/index.js";
import type { PostStore, Represent } from "./post-store.js";

interface OpenOptions {
  /** Makes the response bodies stored with each post (stored-bytes.ts). */
  represent?: Represent;
}

export async function openStore(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<PostStore> {
  const { represent } = options;
  if (target.kind === "sqlite") {
    const { openSqliteStore } = await import("./sqlite/store.js");
    return openSqliteStore(target.path, { represent });
  }
  const { openPostgresStore } = await import("./postgres/store.js");
  const log = (message: string) => console.error(`folio: ${message}`);
  return openPostgresStore({ ...target, log, represent });
}
