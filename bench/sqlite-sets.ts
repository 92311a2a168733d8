// The SQLite data sets the read benches serve (1k in the run's folder, 1M kept in bench/data
// between runs), and a copy of one at an older schema version for an older build to serve.
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { representPost } from "../src/http/wire/representation.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { loadDataSet } from "./data.js";

/** Step 11 (stored bytes) undone on SQLite: the table and the triggers that write to it. */
export const UNDO_STEP_11_SQLITE = `DROP TRIGGER IF EXISTS posts_bytes_stale;
  DROP TRIGGER IF EXISTS authors_bytes_stale; DROP TABLE IF EXISTS post_bytes`;

/**
 * A copy of the store at `copy`, at schema `version` (default 10: before stored bytes), since
 * a build refuses a store newer than it knows.
 */
export function atSchemaVersion(path: string, copy: string, version = 10): string {
  copyFileSync(path, copy);
  const db = new Database(copy);
  db.prepare("DELETE FROM folio_schema WHERE version > ?").run(version);
  if (version < 11) db.exec(UNDO_STEP_11_SQLITE);
  db.close();
  return copy;
}

export interface SqliteSet {
  path: string;
  postsPerSecond: number;
  built: string;
}

/** `size` posts at `path`, imported through the store; reused when its record is there. */
export async function sqliteDataSet(path: string, size: number): Promise<SqliteSet> {
  const meta = `${path}.json`;
  if (existsSync(path) && existsSync(meta))
    return { path, ...JSON.parse(readFileSync(meta, "utf8")) };
  rmSync(path, { force: true });
  console.log(`building a data set of ${size} posts at ${path}…`);
  const store = openSqliteStore(path, { represent: representPost });
  await store.migrate();
  const summary = await loadDataSet(store, size);
  await store.close();
  const info = {
    postsPerSecond: Math.round(size / summary.seconds),
    built: new Date().toISOString(),
  };
  writeFileSync(meta, JSON.stringify(info));
  return { path, ...info };
}
