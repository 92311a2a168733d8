// Uploaded images on PostgreSQL (the MediaStore role), on the primary: an image is served the
// moment its upload answers, from any node, so no replica lag may hide it.
import {
  mediaStatements,
  mediaValues,
  toMedia,
  variantValues,
  type MediaRow,
} from "../media-rows.js";
import type { MediaStore, StoredVariant } from "../media.js";
import type { OnPrimary } from "./authoring-reads.js";
import { inTransaction } from "./webhook-deliveries.js";

const SQL = mediaStatements((n) => `$${n}`, "string_agg(v.width::text, ',')");

export function postgresMedia(onPrimary: OnPrimary): MediaStore {
  const rows = async <R extends object>(text: string, values: unknown[]) =>
    (await onPrimary((c) => c.query<R>(text, values))).rows;
  return {
    async saveMedia(m, variants) {
      await onPrimary((client) =>
        inTransaction(client, async () => {
          await client.query(SQL.insertMedia, mediaValues(m));
          for (const v of variants) await client.query(SQL.insertVariant, variantValues(m.id, v));
        }),
      );
    },
    async findMediaVariant(id, width) {
      return (await rows<StoredVariant>(SQL.findVariant, [id, width]))[0];
    },
    async findMedia(id) {
      const row = (await rows<MediaRow>(SQL.findMedia, [id]))[0];
      return row && toMedia(row);
    },
    async listMedia(publicationId, limit) {
      return (await rows<MediaRow>(SQL.listMedia, [publicationId, limit])).map(toMedia);
    },
  };
}
