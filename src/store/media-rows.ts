// Media rows → records, one way for both backends (PostgreSQL hands BIGINT as text), and the
// images' statements, written once over a backend's numbered placeholder ($n or ?).
import type { MediaFormat, MediaRecord, MediaVariant } from "./media.js";
import { limitBy } from "./limit.js";

type Int = number | string | bigint;

/**
 * The images' statements with the backend's nth placeholder and its aggregate of a media row's
 * widths into one text, joined by commas.
 */
export function mediaStatements(p: (n: number) => string, widths: string) {
  const select = `SELECT m.id, m.publication_id, m.format, m.width, m.height, m.created_at,
    (SELECT ${widths} FROM media_variants v WHERE v.media_id = m.id) AS widths FROM media m`;
  return {
    insertMedia: `INSERT INTO media (id, publication_id, format, width, height, created_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})`,
    insertVariant: `INSERT INTO media_variants (media_id, width, height, etag, bytes)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})`,
    findVariant: `SELECT v.width, v.height, v.etag, v.bytes, m.format
      FROM media_variants v JOIN media m ON m.id = v.media_id
      WHERE v.media_id = ${p(1)} AND v.width = ${p(2)}`,
    findMedia: `${select} WHERE m.id = ${p(1)}`,
    listMedia: `${select} WHERE m.publication_id = ${p(1)}
      ORDER BY m.created_at DESC, m.id ${limitBy(p(2))}`,
  };
}

export function mediaValues(m: MediaRecord): unknown[] {
  return [m.id, m.publicationId, m.format, m.width, m.height, m.createdAt];
}

export function variantValues(mediaId: string, v: MediaVariant): unknown[] {
  return [mediaId, v.width, v.height, v.etag, Buffer.from(v.bytes)];
}

export interface MediaRow {
  id: string;
  publication_id: string;
  format: string;
  width: Int;
  height: Int;
  created_at: Int;
  widths: string | null;
}

export function toMedia(row: MediaRow): MediaRecord {
  return {
    id: row.id,
    publicationId: row.publication_id,
    format: row.format as MediaFormat,
    width: Number(row.width),
    height: Number(row.height),
    createdAt: Number(row.created_at),
    widths: (row.widths ?? "")
      .split(",")
      .filter((w) => w !== "")
      .map(Number)
      .sort((a, b) => a - b),
  };
}
