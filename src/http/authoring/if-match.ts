// If-Match on writes (RFC 9110 §13.1.1): the write goes ahead only while the post is still
// the version the client holds; else 412 and nothing changes. "An origin server MUST use the
// strong comparison function when comparing entity-tags for If-Match": a weak tag never
// matches. A post's tags are those of its representations (with or without content, in any
// coding), so the ETag of any read of it, or of a write's answer, will do.
import type { IncomingHttpHeaders } from "node:http";
import type { Precondition } from "../../posts/post-writes.js";
import type { PostRecord } from "../../store/post-store.js";
import { wireBytes } from "../wire/representation.js";

const CODING_SUFFIX = /-(?:br|gzip)"$/;

export function ifMatch(headers: IncomingHttpHeaders): Precondition | undefined {
  const header = headers["if-match"];
  if (header === undefined) return undefined;
  // "If the field value is "*", the condition is true if the origin server has a current
  // representation for the target resource."
  if (header.trim() === "*") return () => true;
  const wanted = header
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.startsWith('"'))
    .map((tag) => tag.replace(CODING_SUFFIX, '"'));
  return (current) => currentTags(current).some((tag) => wanted.includes(tag));
}

function currentTags(post: PostRecord): string[] {
  return [false, true].map((withContent) => wireBytes(post, withContent).etag);
}

/** The tag a write's answer carries: the post's, as GET without content would tag it. */
export function etagOf(post: PostRecord): string {
  return wireBytes(post, false).etag;
}
