// Chooses the backend from the configured database target.
import type { DatabaseTarget } from "../config.js";
import type { PostStore } from "./post-store.js";
import { openPostgresStore } from "./postgres/store.js";
import { openSqliteStore } from "./sqlite/store.js";

export async function openStore(target: DatabaseTarget): Promise<PostStore> {
  if (target.kind === "sqlite") return openSqliteStore(target.path);
  return openPostgresStore({ ...target, log: (message) => console.error(`folio: ${message}`) });
}
