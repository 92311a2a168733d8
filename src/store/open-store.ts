// Chooses the backend from the configured database target.
import type { DatabaseTarget } from "../config/index.js";
import type { PostStore, Represent } from "./post-store.js";
import { openPostgresStore } from "./postgres/store.js";
import { openSqliteStore } from "./sqlite/store.js";

interface OpenOptions {
  /** Makes the response bodies stored with each post (stored-bytes.ts). */
  represent?: Represent;
}

export async function openStore(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<PostStore> {
  const { represent } = options;
  if (target.kind === "sqlite") return openSqliteStore(target.path, { represent });
  const log = (message: string) => console.error(`folio: ${message}`);
  return openPostgresStore({ ...target, log, represent });
}
