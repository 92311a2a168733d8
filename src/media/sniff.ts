// What an upload is, by its first bytes alone: a name or a Content-Type says nothing.
import type { MediaFormat } from "../store/post-store.js";

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  bytes.length >= at + ascii.length &&
  [...ascii].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** One of the accepted formats, or undefined for anything else (HEIC and SVG included). */
export function sniffFormat(bytes: Uint8Array): MediaFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (PNG.every((b, i) => bytes[i] === b)) return "png";
  if (startsWith(bytes, 0, "GIF87a") || startsWith(bytes, 0, "GIF89a")) return "gif";
  if (startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBPVP8")) return "webp";
  if (isAvif(bytes)) return "avif";
  return undefined;
}

/** An ISO-BMFF file whose ftyp box names AVIF as its major or a compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, 4, "ftyp")) return false;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (size < 16 || size > Math.min(bytes.length, 4096)) return false;
  for (let at = 8; at + 4 <= size; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    if (startsWith(bytes, at, "avif") || startsWith(bytes, at, "avis")) return true;
  }
  return false;
}
