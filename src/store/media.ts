// Images uploaded through the desk, kept in the store so every node serves them: one row per
// image, and its bytes once per width it was resized to, each with its strong ETag. The role
// is written once over a backend's executor: on PostgreSQL on the primary (an image is served
// the moment its upload answers, from any node, so no replica lag may hide it).
import { sql, type Kysely } from "./kysely.js";
import { statement, type Dialect, type Executor, type Row } from "./statement.js";
import type { Tables } from "./tables.js";

/** The formats an image may be stored in (the tables' CHECK says the same). */
export const MEDIA_FORMATS = ["jpeg", "png", "webp", "gif", "avif"] as const;

export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The widths an image is resized to (each narrower than the image); its own is served too. */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** An image's id: `med_` and 12 random bytes in base64url, the only ids /media answers. */
export const MEDIA_ID_PATTERN = "^med_[A-Za-z0-9_-]{16}$";

export interface MediaRecord {
  id: string;
  publicationId: string;
  format: MediaFormat;
  /** The stored image's own size (after orientation). */
  width: number;
  height: number;
  createdAt: number;
  /** The widths it is served at, ascending; the largest is the image's own. */
  widths: number[];
}

export interface MediaVariant {
  width: number;
  height: number;
  etag: string;
  bytes: Uint8Array;
}

export interface StoredVariant extends MediaVariant {
  format: MediaFormat;
}

export interface MediaStore {
  /** Stores the image and every variant in one transaction. */
  saveMedia(media: MediaRecord, variants: readonly MediaVariant[]): Promise<void>;
  findMediaVariant(id: string, width: number): Promise<StoredVariant | undefined>;
  findMedia(id: string): Promise<MediaRecord | undefined>;
  /** A publication's images, newest first. */
  listMedia(publicationId: string, limit: number): Promise<MediaRecord[]>;
}

const INSERT_MEDIA = statement((db, m: Omit<MediaRecord, "widths">) =>
  db.insertInto("media").values({
    id: m.id,
    publication_id: m.publicationId,
    format: m.format,
    width: m.width,
    height: m.height,
    created_at: m.createdAt,
  }),
);

const INSERT_VARIANT = statement((db, v: MediaVariant & { mediaId: string; data: Buffer }) =>
  db.insertInto("media_variants").values({
    media_id: v.mediaId,
    width: v.width,
    height: v.height,
    etag: v.etag,
    bytes: v.data,
  }),
);

const FIND_VARIANT = statement(
  (db, a: { id: string; width: number }) =>
    db
      .selectFrom("media_variants as v")
      .innerJoin("media as m", "m.id", "v.media_id")
      .select(["v.width", "v.height", "v.etag", "v.bytes", "m.format"])
      .where("v.media_id", "=", a.id)
      .where("v.width", "=", a.width),
  // Every image a reader's page shows asks it.
  "folio_v4_find_media_variant",
);

/** An image with the widths it is served at, joined by commas in one text. */
function selectMedia(db: Kysely<Tables>, dialect: Dialect) {
  const widths =
    dialect === "postgres"
      ? sql<string>`string_agg(v.width::text, ',')`
      : sql<string>`group_concat(v.width)`;
  return db
    .selectFrom("media as m")
    .select((eb) => [
      "m.id",
      "m.publication_id",
      "m.format",
      "m.width",
      "m.height",
      "m.created_at",
      eb
        .selectFrom("media_variants as v")
        .select(widths.as("w"))
        .whereRef("v.media_id", "=", "m.id")
        .as("widths"),
    ]);
}

const FIND_MEDIA = statement((db, a: { id: string }, dialect) =>
  selectMedia(db, dialect).where("m.id", "=", a.id),
);

const LIST_MEDIA = statement((db, a: { publicationId: string; limit: number }, dialect) =>
  selectMedia(db, dialect)
    .where("m.publication_id", "=", a.publicationId)
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    // Cast, not bare: see limit.ts.
    .limit(sql<number>`cast(${a.limit} as integer)`),
);

type MediaRow = Row<
  "media",
  "id" | "publication_id" | "format" | "width" | "height" | "created_at"
> & {
  widths: string | null;
};

function toMedia(row: MediaRow): MediaRecord {
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

export function mediaStore(sql: Executor): MediaStore {
  return {
    async saveMedia(m, variants) {
      await sql.transaction(async (tx) => {
        await tx.changes(INSERT_MEDIA, m);
        for (const v of variants) {
          await tx.changes(INSERT_VARIANT, { ...v, mediaId: m.id, data: Buffer.from(v.bytes) });
        }
      });
    },
    async findMediaVariant(id, width) {
      const [row] = await sql.rows(FIND_VARIANT, {
        id,
        width,
      });
      return row;
    },
    async findMedia(id) {
      const [row] = await sql.rows(FIND_MEDIA, { id });
      return row && toMedia(row);
    },
    async listMedia(publicationId, limit) {
      const rows = await sql.rows(LIST_MEDIA, {
        publicationId,
        limit,
      });
      return rows.map(toMedia);
    },
  };
}
