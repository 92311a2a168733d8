// What operators run on the embedded store: schema steps, and re-derivation after a
// renderer change (a write like any other: queued with the others, its events recorded).
import type Database from "better-sqlite3";
import { contentOnly } from "../change-notice.js";
import { Outbox } from "../outbox.js";
import {
  SchemaTooNewError,
  type ChangeNotice,
  type DerivedUpdate,
  type SchemaState,
  type StoreMaintenance,
} from "../post-store.js";
import { inTransaction } from "./background.js";
import { migrations } from "./migrations.js";
import { sqliteOutboxIo } from "./outbox.js";
import type { SqliteBytesWriter } from "./stored-bytes.js";
import type { WriteQueue } from "./write-queue.js";

export function sqliteMaintenance(
  db: Database.Database,
  writes: WriteQueue,
  notify: (notice: ChangeNotice) => void,
  bytes: SqliteBytesWriter,
): Omit<StoreMaintenance, "ping" | "listPostSources"> {
  const schemaState = async (): Promise<SchemaState> => {
    const current = db.prepare("SELECT max(version) FROM folio_schema").pluck().get();
    return { current: (current as number | null) ?? 0, latest: migrations.length };
  };
  return {
    schemaState,
    async migrate() {
      const state = await schemaState();
      if (state.current > state.latest) throw new SchemaTooNewError(state);
      const step = db.transaction((version: number) => {
        db.exec(migrations[version - 1]!);
        db.prepare("INSERT INTO folio_schema (version) VALUES (?)").run(version);
      });
      // A step may change every row in one statement: its statement journal, kept in memory
      // for every other write (open.ts), would then hold the whole table.
      db.pragma("temp_store = FILE");
      try {
        for (let v = state.current + 1; v <= state.latest; v++) step(v);
      } finally {
        db.pragma("temp_store = MEMORY");
      }
      // Posts stored before stored bodies (or by a store without a Represent) get theirs.
      const fill = () => inTransaction(db, async () => bytes.fillMissing(500));
      while ((await writes.exclusive(fill)) > 0);
      return { current: state.latest, latest: state.latest };
    },
    /**
     * Only what differs is written: a post whose three bodies came out as stored keeps its row,
     * its stored response and its readers' caches, and at most has its renderer version moved
     * on. New HTML a reader sees is a `post.updated`, recorded in the same transaction.
     */
    async updateDerived(updates: readonly DerivedUpdate[]) {
      const content = db.prepare(
        `UPDATE posts SET content_json = ?, static_html = ?, markdown = ?, renderer_version = ?
          WHERE id = ? AND (content_json IS NOT ? OR static_html IS NOT ? OR markdown IS NOT ?)`,
      );
      const version = db.prepare(
        "UPDATE posts SET renderer_version = ? WHERE id = ? AND renderer_version IS NOT ?",
      );
      const changed: string[] = [];
      await writes.exclusive(() =>
        inTransaction(db, async () => {
          const moved: string[] = [];
          for (const u of updates) {
            const bodies = [u.json, u.staticHtml, u.markdown] as const;
            if (content.run(...bodies, u.rendererVersion, u.id, ...bodies).changes > 0)
              changed.push(u.id);
            else if (version.run(u.rendererVersion, u.id, u.rendererVersion).changes > 0)
              moved.push(u.id);
          }
          // Any write to a post drops its stored responses (a trigger), so the posts whose
          // version alone moved have theirs made again too; they come out as they were.
          bytes.refresh([...changed, ...moved]);
          await new Outbox(sqliteOutboxIo(db)).rerendered(changed, Date.now());
        }),
      );
      if (changed.length > 0) notify(contentOnly(changed));
      return changed.length;
    },
  };
}
