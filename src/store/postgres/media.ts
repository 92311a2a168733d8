// Uploaded images on PostgreSQL (the MediaStore role), on the primary: an image is served the
// moment its upload answers, from any node, so no replica lag may hide it.
import { mediaSelect, toMedia, type MediaRow } from "../desk-rows.js";
import type { MediaFormat, MediaStore } from "../media.js";
import type { OnPrimary } from "./authoring-reads.js";
import { inTransaction } from "./webhook-deliveries.js";

const SELECT = mediaSelect("string_agg(v.width::text, ',')");

interface VariantRow {
  width: number;
  height: number;
  etag: string;
  bytes: Buffer;
  format: MediaFormat;
}

export function postgresMedia(onPrimary: OnPrimary): MediaStore {
  return {
    async saveMedia(m, variants) {
      await onPrimary(async (client) => {
        await inTransaction(client, async () => {
          await client.query(
            `INSERT INTO media (id, publication_id, format, width, height, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [m.id, m.publicationId, m.format, m.width, m.height, m.createdAt],
          );
          for (const v of variants) {
            await client.query(
              `INSERT INTO media_variants (media_id, width, height, etag, bytes)
               VALUES ($1, $2, $3, $4, $5)`,
              [m.id, v.width, v.height, v.etag, Buffer.from(v.bytes)],
            );
          }
        });
      });
    },
    async findMediaVariant(id, width) {
      const text = `SELECT v.width, v.height, v.etag, v.bytes, m.format
        FROM media_variants v JOIN media m ON m.id = v.media_id
        WHERE v.media_id = $1 AND v.width = $2`;
      const result = await onPrimary((c) => c.query<VariantRow>(text, [id, width]));
      return result.rows[0];
    },
    async findMedia(id) {
      const text = `${SELECT} WHERE m.id = $1`;
      const row = (await onPrimary((c) => c.query<MediaRow>(text, [id]))).rows[0];
      return row && toMedia(row);
    },
    async listMedia(publicationId, limit) {
      const text = `${SELECT} WHERE m.publication_id = $1 ORDER BY m.created_at DESC, m.id LIMIT $2`;
      const result = await onPrimary((c) => c.query<MediaRow>(text, [publicationId, limit]));
      return result.rows.map(toMedia);
    },
  };
}
