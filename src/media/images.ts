// An upload made safe to serve: recognised by content, its declared size checked against the
// pixel limit from the header alone (sharp's metadata() decodes no pixels), then decoded under
// sharp's own limitInputPixels, turned upright, stripped of every metadata block (EXIF with its
// location, XMP, IPTC, ICC comments: sharp writes none unless asked) and resized to the widths
// the reader's site offers in srcset.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type Sharp from "sharp";
import { ApiError } from "../errors.js";
import { RESPONSIVE_WIDTHS } from "../store/media.js";
import type { MediaFormat, MediaRecord, MediaVariant } from "../store/post-store.js";
import { sniffFormat } from "./sniff.js";

/** libvips, loaded by the first image: a process that never takes one never pays its start. */
let vips: typeof Sharp | undefined;
const sharp = (...args: Parameters<typeof Sharp>) =>
  (vips ??= createRequire(import.meta.url)("sharp") as typeof Sharp)(...args);

export const EXTENSIONS: Record<MediaFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
};

export const CONTENT_TYPES: Record<MediaFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** What sharp's metadata() calls each format (AVIF is HEIF with AV1 inside). */
const SHARP_FORMATS: Record<MediaFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

interface Processed {
  media: MediaRecord;
  variants: MediaVariant[];
}

const unsupported = () =>
  new ApiError(
    "unsupported_media_type",
    "The upload is not a JPEG, PNG, WebP, GIF or AVIF image (judged by its content)",
  );

export async function processImage(
  input: Uint8Array,
  publicationId: string,
  limits: ImageLimits,
  now: number,
): Promise<Processed> {
  if (input.length > limits.maxBytes) {
    throw new ApiError("payload_too_large", `The image is over ${limits.maxBytes} bytes`);
  }
  const format = sniffFormat(input);
  if (format === undefined) throw unsupported();
  const animated = format === "gif" || format === "webp";
  const header = await sharp(input, { animated, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (header === undefined || header.format !== SHARP_FORMATS[format]) throw unsupported();
  if (format === "avif" && header.compression !== "av1") throw unsupported();
  const width = header.width;
  const frameHeight = header.pageHeight ?? header.height;
  const pixels = width * header.height;
  if (!(width > 0 && frameHeight > 0) || pixels > limits.maxPixels) {
    throw new ApiError(
      "payload_too_large",
      `The image is ${width}×${frameHeight}${(header.pages ?? 1) > 1 ? ` in ${header.pages} frames` : ""}: over the limit of ${limits.maxPixels} pixels`,
    );
  }
  const decode = () =>
    sharp(input, { animated, limitInputPixels: limits.maxPixels, failOn: "error" }).rotate();
  // Turning it upright may swap the sides.
  const turned = (header.orientation ?? 1) >= 5;
  const ownWidth = turned ? frameHeight : width;
  const ownHeight = turned ? width : frameHeight;
  const widths = [...RESPONSIVE_WIDTHS.filter((w) => w < ownWidth), ownWidth];
  const variants: MediaVariant[] = [];
  try {
    for (const target of widths) {
      const pipeline = decode();
      if (target !== ownWidth) pipeline.resize({ width: target });
      const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
      const bytes = new Uint8Array(data);
      const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
      const height = info.pageHeight ?? info.height;
      variants.push({ width: target, height, etag, bytes });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("invalid_parameter", "The image could not be decoded: it is damaged");
  }
  const media: MediaRecord = {
    id: `med_${randomBytes(12).toString("base64url")}`,
    ...{ publicationId, format, width: ownWidth, height: ownHeight, createdAt: now, widths },
  };
  return { media, variants };
}

type Pipeline = ReturnType<typeof Sharp>;

function encode(pipeline: Pipeline, format: MediaFormat): Pipeline {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return pipeline.png({ compressionLevel: 9 });
    case "webp":
      return pipeline.webp({ quality: 82 });
    case "gif":
      return pipeline.gif();
    case "avif":
      return pipeline.avif({ quality: 60 });
  }
}
