// Images uploaded through the desk, kept in the store so every node serves them: one row per
// image, and its bytes once per width it was resized to, each with its strong ETag.

export type MediaFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

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
