// Opening the configured store for a command, schema brought up to date first.
import type { Config } from "../config/index.js";
import { representPost } from "../http/wire/representation.js";
import { openStore } from "../store/open-store.js";
import type { PostStore } from "../store/post-store.js";

/** The store, given the wire format it keeps each post's response bytes in. */
export function openConfiguredStore(config: Config): Promise<PostStore> {
  return openStore(config.database, { represent: representPost });
}

/** The store, migrated; standard error says which one, as every command that writes does. */
export async function openMigratedStore(config: Config): Promise<PostStore> {
  const store = await openConfiguredStore(config);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  announceStore(config);
  return store;
}

/** One line on standard error naming the store a command works on. */
export function announceStore(config: Config): void {
  console.error(`folio: using the ${describeDatabase(config)} store`);
}

/** SQLite's absolute file path, or PostgreSQL's URL without its password. */
export function describeDatabase(config: Config): string {
  const db = config.database;
  return db.kind === "sqlite" ? `SQLite ${db.path}` : `PostgreSQL ${withoutSecrets(db.url)}`;
}

function withoutSecrets(text: string): string {
  const url = new URL(text);
  url.password = "";
  // libpq-style parameters may carry secrets too (password, sslpassword).
  for (const name of [...url.searchParams.keys()]) {
    if (/pass/i.test(name)) url.searchParams.delete(name);
  }
  return url.toString();
}
