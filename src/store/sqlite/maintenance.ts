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
      for (let v = state.current + 1; v <= state.latest; v++) step(v);
      // Posts stored before stored bodies (or by a store without a Represent) get theirs.
      const fill = () => inTransaction(db, async () => bytes.fillMissing(500));
      while ((await writes.exclusive(fill)) > 0);
      return { current: state.latest, latest: state.latest };
    },
    /** New HTML a reader sees is a `post.updated`, recorded in the same transaction. */
    async updateDerived(updates: readonly DerivedUpdate[]) {
      const update = db.prepare(
        `UPDATE posts SET content_json = ?, static_html = ?, markdown = ?, renderer_version = ?
          WHERE id = ?`,
      );
      await writes.exclusive(() =>
        inTransaction(db, async () => {
          for (const u of updates)
            update.run(u.json, u.staticHtml, u.markdown, u.rendererVersion, u.id);
          const ids = updates.map((u) => u.id);
          bytes.refresh(ids);
          await new Outbox(sqliteOutboxIo(db)).rerendered(ids, Date.now());
        }),
      );
      if (updates.length > 0) notify(contentOnly(updates.map((u) => u.id)));
    },
  };
}
