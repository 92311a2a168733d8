// Images uploaded through the desk, kept in the store so every node serves them: one row per
// image, and its bytes once per width it was resized to, each with its strong ETag.

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
