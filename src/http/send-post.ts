// Answering with a post: validators, caching headers, negotiation, 304 — all from the
// representation made once per cache fill, so a hit does no serialization or hashing.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.js";
import type { PostService } from "../posts/post-service.js";
import { isNotModified } from "./conditional.js";
import { negotiate } from "./encoding.js";
import type { Coding, Representation } from "./representation.js";

export type RepresentationService = PostService<Coding, Representation>;

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
  reply.headers({
    etag: representation.etagFor(coding),
    "last-modified": representation.lastModified,
    "cache-control": cacheControl,
    vary: "Accept-Encoding",
    link: representation.link,
    // CDNs purge by these: the post, and everything of its publication.
    "surrogate-key": representation.surrogateKey,
    "cache-tag": representation.surrogateKey.replace(" ", ","),
  });
  if (isNotModified(request.headers, representation.etag, representation.updatedAt)) {
    return reply.code(304).send();
  }
  const body = await service.body(representation, withContent, coding);
  if (coding !== undefined) reply.header("content-encoding", coding);
  return reply.type("application/json; charset=utf-8").send(body);
}
