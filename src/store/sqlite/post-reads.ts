// A post by id or by slugs, as a record (PostReader): one prepared statement per lookup kind,
// visibility in its WHERE clause (queries.ts), prepared once per connection on first use.
import type Database from "better-sqlite3";
import type { PostReader, PostRecord, ReadOptions } from "../post-store.js";
import { asStoreError } from "./errors.js";
import { readName, readSql } from "./queries.js";
import { toPostRecord, type PostRow } from "./rows.js";

type ReadStatements = Record<keyof typeof readSql, Database.Statement>;

export function sqlitePostReads(db: Database.Database): PostReader {
  let statements: ReadStatements | undefined;
  const run = (name: keyof typeof readSql, args: unknown[]): unknown => {
    try {
      statements ??= prepareAll(db);
      return statements[name].get(...args);
    } catch (error) {
      throw asStoreError(error);
    }
  };
  const read = (bySlugs: boolean, keys: string[], o: ReadOptions): PostRecord | undefined => {
    const visible = o.visibleAt !== undefined;
    const args = visible ? [...keys, o.visibleAt] : keys;
    const row = run(readName(visible, bySlugs, o.withContent), args) as PostRow | undefined;
    return row && toPostRecord(row);
  };
  return {
    async findPostById(id, options) {
      return read(false, [id], options);
    },
    async findPostBySlugs(publicationSlug, postSlug, options) {
      return read(true, [publicationSlug, postSlug], options);
    },
    async nextGoLive(now) {
      return (run("nextGoLive", [now]) as { t: number | null } | undefined)?.t ?? undefined;
    },
    async countPosts() {
      return db.prepare("SELECT count(*) FROM posts").pluck().get() as number;
    },
  };
}

function prepareAll(db: Database.Database): ReadStatements {
  const entries = Object.entries(readSql).map(([name, sql]) => [name, db.prepare(sql)]);
  return Object.fromEntries(entries) as ReadStatements;
}
