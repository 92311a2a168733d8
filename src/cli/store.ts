// Opening the configured store for a command, schema brought up to date first.
import type { Config } from "../config.js";
import { representPost } from "../http/representation.js";
import { openStore } from "../store/open-store.js";
import type { PostStore } from "../store/post-store.js";

/** The store, given the wire format it keeps each post's response bytes in. */
export function openConfiguredStore(config: Config): Promise<PostStore> {
  return openStore(config.database, { represent: representPost });
}

export async function openMigratedStore(config: Config): Promise<PostStore> {
  const store = await openConfiguredStore(config);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

export function describeDatabase(config: Config): string {
  const db = config.database;
  return db.kind === "sqlite" ? `SQLite ${db.path}` : `PostgreSQL ${new URL(db.url).host}`;
}
