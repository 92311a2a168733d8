// Answering with a post: validators, caching headers, negotiation, 304 — all from the
// representation made once per cache fill, so a hit does no serialization or hashing.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.js";
import type { PostService } from "../../posts/post-service.js";
import { isNotModified } from "./conditional.js";
import { negotiate } from "./encoding.js";
import type { KeptPost } from "../wire/kept-post.js";
import type { Coding, Representation } from "../wire/representation.js";

export type RepresentationService = PostService<Representation, KeptPost>;

/**
 * A writer's read of one of their own posts on the public path: answered (true) when the
 * request carries a live key of the post's publication, whatever the post's status; else
 * false, and the public answer follows, byte for byte what it would be without the header.
 */
export type OwnPostAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  postId: string,
  withContent: boolean,
) => Promise<boolean>;

/** The headers of a post's answer (200 or 304). */
function postHeaders(r: Representation, coding: Coding | undefined, cacheControl: string) {
  return {
    etag: r.etagFor(coding),
    "last-modified": r.lastModified,
    "cache-control": cacheControl,
    vary: "Accept-Encoding",
    link: r.link,
    // CDNs purge by these: the post, and everything of its publication.
    "surrogate-key": r.surrogateKey,
    "cache-tag": r.cacheTag,
  };
}

export async function sendPost(
  request: FastifyRequest,
  reply: FastifyReply,
  service: RepresentationService,
  representation: Representation | undefined,
  withContent: boolean,
  cacheControl: string,
) {
  if (representation === undefined) throw new ApiError("not_found");
  const coding = representation.compressible
    ? negotiate(request.headers["accept-encoding"])
    : undefined;
  reply.headers(postHeaders(representation, coding, cacheControl));
  if (isNotModified(request.headers, representation.etag, representation.updatedAt)) {
    return reply.code(304).send();
  }
  const body = await bodyIn(service, representation, withContent, coding);
  if (coding !== undefined) reply.header("content-encoding", coding);
  return reply.type("application/json; charset=utf-8").send(body);
}

/** The body in a content coding, compressed once and then kept with the cache entry. */
async function bodyIn(
  service: RepresentationService,
  r: Representation,
  withContent: boolean,
  coding: Coding | undefined,
): Promise<Buffer> {
  if (coding === undefined) return r.body;
  const kept = r.cachedEncoding(coding);
  if (kept !== undefined) return kept;
  const encoded = await r.encode(coding);
  service.amend(r, withContent, (kept) => kept.keepEncoded(r, coding, encoded));
  return encoded;
}
