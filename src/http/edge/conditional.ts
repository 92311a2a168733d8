// Conditional GET (RFC 9110 §13): does the client's copy still match?
import type { IncomingHttpHeaders } from "node:http";

const CODING_SUFFIX = /-(?:br|gzip)"$/;

/** The tag with any weak prefix and coding suffix removed, for comparing representations. */
function opaque(tag: string): string {
  const strong = tag.startsWith("W/") ? tag.slice(2) : tag;
  return strong.replace(CODING_SUFFIX, '"');
}

/** `modifiedMs` undefined: the answer has no Last-Modified, so If-Modified-Since never matches. */
export function isNotModified(
  headers: IncomingHttpHeaders,
  etag: string,
  modifiedMs: number | undefined,
) {
  const ifNoneMatch = headers["if-none-match"];
  // "A recipient MUST use the weak comparison function when comparing entity tags for
  // If-None-Match" (§13.1.2): W/ is ignored, and so is which coding the copy was in.
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    const current = opaque(etag);
    return ifNoneMatch.split(",").some((tag) => opaque(tag.trim()) === current);
  }
  // "A recipient MUST ignore If-Modified-Since if the request contains an If-None-Match
  // header field" (§13.1.3); and an invalid date is ignored too.
  const ifModifiedSince = headers["if-modified-since"];
  if (ifModifiedSince === undefined || modifiedMs === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(modifiedMs / 1000) * 1000 <= since;
}
