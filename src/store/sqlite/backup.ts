// An online backup of a SQLite store: `VACUUM INTO` on a read-only connection of its own
// copies the database as one read transaction saw it (WAL mode lets the serving process keep
// reading and writing meanwhile), compacted. The copy is written beside its destination,
// checked with PRAGMA integrity_check, and only then renamed into place: a backup that exists
// is whole.
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { StoreOpenError } from "../post-store.js";

interface BackupResult {
  bytes: number;
  /** Posts in the copy, as a check a person can compare. */
  posts: number;
}

export class BackupError extends Error {}

export function backupSqlite(source: string, destination: string): BackupResult {
  if (source === ":memory:") throw new BackupError("an in-memory store cannot be backed up");
  if (existsSync(destination)) {
    throw new BackupError(`${destination} exists already; give a new file`);
  }
  if (!existsSync(source)) throw new StoreOpenError(`no SQLite store at ${source}`);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`cannot copy ${source}: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  try {
    const posts = checkCopy(partial);
    renameSync(partial, destination);
    return { bytes: statSync(destination).size, posts };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The copy's own check: every page and index consistent, then how many posts it holds. */
function checkCopy(path: string): number {
  const copy = new Database(path, { readonly: true });
  try {
    const problems = copy.pragma("integrity_check", { simple: false }) as {
      integrity_check: string;
    }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") {
      const said = problems.map((p) => p.integrity_check).join("; ");
      throw new BackupError(`the copy failed its integrity check: ${said}`);
    }
    return copy.prepare("SELECT count(*) FROM posts").pluck().get() as number;
  } finally {
    copy.close();
  }
}
