// Page views on SQLite (the ViewStore role): one transaction per flushed batch.
import type Database from "better-sqlite3";
import type { ViewStore } from "../views.js";
import { guarded, lazyStatements } from "./errors.js";

// The WHERE clause skips posts deleted since they were viewed (and settles SQLite's parse
// of INSERT … SELECT … ON CONFLICT).
const ADD = `INSERT INTO post_views (post_id, views)
  SELECT @id, @n WHERE EXISTS (SELECT 1 FROM posts WHERE id = @id)
  ON CONFLICT (post_id) DO UPDATE SET views = views + excluded.views`;

export function sqliteViews(db: Database.Database, exclusive: Exclusive): ViewStore {
  const sql = lazyStatements(db);
  return {
    async addViews(counts) {
      if (counts.size === 0) return;
      await exclusive(() =>
        guarded(() =>
          db.transaction(() => {
            for (const [id, n] of counts) sql(ADD).run({ id, n });
          })(),
        ),
      );
    },
  };
}

/** Runs work while no write transaction of this connection is open (store.ts). */
export type Exclusive = <T>(work: () => T | Promise<T>) => Promise<T>;
