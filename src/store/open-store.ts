// Chooses the backend from the configured database target.
import type { DatabaseTarget } from "../config.js";
import type { PostStore } from "./post-store.js";
import { openSqliteStore } from "./sqlite/store.js";

export async function openStore(target: DatabaseTarget): Promise<PostStore> {
  if (target.kind === "sqlite") return openSqliteStore(target.path);
  throw new Error("the PostgreSQL store is not available in this build");
}
