// Sending a discovery answer: validator, caching headers, negotiation, 304 — the same rules
// as a post's (send-post.ts), from the answer made once per cache fill.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.js";
import type { Sendable } from "../wire/answer.js";
import { isNotModified } from "./conditional.js";
import { negotiate } from "./encoding.js";

export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Sendable | undefined,
  cacheControl: string,
  notFound = "Not found",
) {
  if (answer === undefined) throw new ApiError("not_found", notFound);
  const coding = answer.compressible ? negotiate(request.headers["accept-encoding"]) : undefined;
  reply.headers({
    etag: answer.etagFor(coding),
    "cache-control": cacheControl,
    vary: "Accept-Encoding",
    // CDNs purge by these: the list, publication or user it shows.
    "surrogate-key": answer.surrogateKey,
    "cache-tag": answer.cacheTag,
  });
  // A list changes when a post leaves it, which no update time shows: no Last-Modified.
  if (isNotModified(request.headers, answer.etag, undefined)) return reply.code(304).send();
  const body = await answer.bytesIn(coding);
  if (coding !== undefined) reply.header("content-encoding", coding);
  return reply.type(answer.contentType).send(body);
}
