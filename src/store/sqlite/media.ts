// Uploaded images on SQLite (the MediaStore role): the image and its variants in one transaction.
import type Database from "better-sqlite3";
import { mediaSelect, toMedia, type MediaRow } from "../desk-rows.js";
import type { MediaFormat, MediaStore } from "../media.js";
import { guarded, lazyStatements } from "./errors.js";
import type { Exclusive } from "./views.js";

const SELECT = mediaSelect("group_concat(v.width)");

interface VariantRow {
  width: number;
  height: number;
  etag: string;
  bytes: Uint8Array;
  format: MediaFormat;
}

export function sqliteMedia(db: Database.Database, exclusive: Exclusive): MediaStore {
  const sql = lazyStatements(db);
  return {
    async saveMedia(m, variants) {
      const insertMedia = `INSERT INTO media (id, publication_id, format, width, height, created_at)
        VALUES (?, ?, ?, ?, ?, ?)`;
      const insertVariant = `INSERT INTO media_variants (media_id, width, height, etag, bytes)
        VALUES (?, ?, ?, ?, ?)`;
      await exclusive(() =>
        guarded(() =>
          db.transaction(() => {
            sql(insertMedia).run(m.id, m.publicationId, m.format, m.width, m.height, m.createdAt);
            for (const v of variants) {
              sql(insertVariant).run(m.id, v.width, v.height, v.etag, Buffer.from(v.bytes));
            }
          })(),
        ),
      );
    },
    async findMediaVariant(id, width) {
      const text = `SELECT v.width, v.height, v.etag, v.bytes, m.format
        FROM media_variants v JOIN media m ON m.id = v.media_id
        WHERE v.media_id = ? AND v.width = ?`;
      return guarded(() => sql(text).get(id, width)) as VariantRow | undefined;
    },
    async findMedia(id) {
      const row = guarded(() => sql(`${SELECT} WHERE m.id = ?`).get(id)) as MediaRow | undefined;
      return row && toMedia(row);
    },
    async listMedia(publicationId, limit) {
      const text = `${SELECT} WHERE m.publication_id = ? ORDER BY m.created_at DESC, m.id LIMIT ?`;
      return (guarded(() => sql(text).all(publicationId, limit)) as MediaRow[]).map(toMedia);
    },
  };
}
