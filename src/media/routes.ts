// Serving uploaded images: /media/{id}/{width}.{ext}. A variant never changes once stored (a
// new upload gets a new id), so it is cached as immutable; its strong ETag answers a
// revalidation with 304.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.js";
import { MEDIA_ID_PATTERN } from "../store/media.js";
import type { MediaStore } from "../store/post-store.js";
import { CONTENT_TYPES, EXTENSIONS } from "./images.js";

const FILE = /^([1-9][0-9]{0,5})\.([a-z]{3,4})$/;
const ID = new RegExp(MEDIA_ID_PATTERN);
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function mediaRoutes(app: FastifyInstance, { store }: { store: MediaStore }) {
  app.get("/media/:id/:file", async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const match = FILE.exec(file);
    const missing = new ApiError("not_found", "Image not found");
    if (!ID.test(id) || match === null) throw missing;
    const variant = await store.findMediaVariant(id, Number(match[1]));
    if (variant === undefined || EXTENSIONS[variant.format] !== match[2]) throw missing;
    reply.headers({
      etag: variant.etag,
      "cache-control": IMMUTABLE,
      "content-security-policy": "default-src 'none'; sandbox",
    });
    if (matches(request.headers["if-none-match"], variant.etag)) return reply.code(304).send();
    return reply
      .type(CONTENT_TYPES[variant.format])
      .header("content-length", String(variant.bytes.length))
      .send(Buffer.from(variant.bytes));
  });
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
