// A renamed post's old slug, on any route that names a post by slug (reads, writes, lists):
// one redirect rule for them all.
import type { FastifyReply } from "fastify";
import { uriComponent } from "./headers.js";

/**
 * An old slug of a renamed post answers 308 Permanent Redirect to the post's current slug, on
 * the path the client asked for: only the last segment changes, so the route, the
 * publication as the client wrote it (`@blog` stays `@blog`) and the query are kept.
 * Permanent: the old URL will not name another post (a slug in a post's history is not given
 * to a new one). 308 rather than 301: the method is kept (RFC 9110 §15.4.9), one rule for
 * reads and for the authoring API's writes by slug.
 */
export function redirectMoved(reply: FastifyReply, slug: string, cacheControl: string) {
  const location = movedLocation(reply.request.url, slug);
  return reply.code(308).headers({ location, "cache-control": cacheControl }).send();
}

/** `url` with its last path segment (a trailing slash aside) replaced by `slug`. */
function movedLocation(url: string, slug: string): string {
  const queryAt = url.includes("?") ? url.indexOf("?") : url.length;
  const path = url.slice(0, queryAt).replace(/\/$/, "");
  const kept = path.slice(0, path.lastIndexOf("/") + 1);
  return headerBytes(`${kept}${uriComponent(slug)}${url.slice(queryAt)}`);
}

/**
 * A request target as a header may carry it. Node hands the target over as Latin-1 (one
 * character a byte), so a character up to U+00FF is its byte, percent-encoded; one past it
 * (a target not read from a socket) its UTF-8.
 */
function headerBytes(target: string): string {
  return target.replace(/[^\x21-\x7e]/gu, (c) => {
    const point = c.codePointAt(0) ?? 0;
    if (point <= 0xff) return `%${point.toString(16).toUpperCase().padStart(2, "0")}`;
    return uriComponent(c);
  });
}
