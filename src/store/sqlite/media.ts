// Uploaded images on SQLite (the MediaStore role): the image and its variants in one transaction.
import type Database from "better-sqlite3";
import {
  mediaStatements,
  mediaValues,
  toMedia,
  variantValues,
  type MediaRow,
} from "../media-rows.js";
import type { MediaStore, StoredVariant } from "../media.js";
import { guarded, lazyStatements } from "./errors.js";
import type { Exclusive } from "./views.js";

const SQL = mediaStatements(() => "?", "group_concat(v.width)");

export function sqliteMedia(db: Database.Database, exclusive: Exclusive): MediaStore {
  const sql = lazyStatements(db);
  return {
    async saveMedia(m, variants) {
      await exclusive(() =>
        guarded(() =>
          db.transaction(() => {
            sql(SQL.insertMedia).run(...mediaValues(m));
            for (const v of variants) sql(SQL.insertVariant).run(...variantValues(m.id, v));
          })(),
        ),
      );
    },
    async findMediaVariant(id, width) {
      return guarded(() => sql(SQL.findVariant).get(id, width)) as StoredVariant | undefined;
    },
    async findMedia(id) {
      const row = guarded(() => sql(SQL.findMedia).get(id)) as MediaRow | undefined;
      return row && toMedia(row);
    },
    async listMedia(publicationId, limit) {
      const rows = guarded(() => sql(SQL.listMedia).all(publicationId, limit)) as MediaRow[];
      return rows.map(toMedia);
    },
  };
}
