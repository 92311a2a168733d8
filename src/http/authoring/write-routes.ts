// The authoring API's writes: create, update and delete, by id or by slug, with
// the original's paths, bodies and answers. Every route takes a key (edge/auth.ts); bodies are
// JSON only (415 otherwise) and at most MAX_BODY_BYTES (413).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { idempotencyRequest } from "../../posts/idempotency.js";
import { MovedError, type PostWrites } from "../../posts/post-writes.js";
import { checkDepth } from "../../posts/write-body.js";
import type { PostRecord, PostRef } from "../../store/post-store.js";
import { surrogateKey } from "../edge/headers.js";
import { keyOf } from "../edge/auth.js";
import { createDocs, deleteDocs, updateDocs } from "./docs.js";
import { fieldCompiler } from "../edge/field-validation.js";
import { etagOf, ifMatch } from "./if-match.js";
import { redirectMoved } from "../edge/redirect.js";

interface WriteRoutesOptions {
  writes: PostWrites;
  maxBodyBytes: number;
}

type Params = { postId?: string; slug?: string };

export async function postWriteRoutes(app: FastifyInstance, options: WriteRoutesOptions) {
  const { writes, maxBodyBytes } = options;
  jsonBodiesOnly(app, maxBodyBytes);
  const route = {
    config: { auth: true },
    bodyLimit: maxBodyBytes,
    validatorCompiler: fieldCompiler,
  };
  const answer = (
    reply: FastifyReply,
    post: PostRecord | undefined,
    body: unknown,
    before?: PostRecord,
  ) => reply.headers(writtenHeaders(post, before)).send(body);

  app.post("/v1/posts", { ...route, schema: createDocs }, async (request, reply) => {
    const key = keyOf(request);
    const idem = idempotencyRequest(headerOf(request, "idempotency-key"), request.body);
    const created = await writes.create(key.publicationId, request.body, idem);
    if (created.replayed) reply.header("idempotent-replayed", "true");
    return answer(reply, created.post, created.answer);
  });

  for (const [by, url] of [
    ["id", "/v1/posts/:postId"],
    ["slug", "/v1/posts/slug/:slug"],
  ] as const) {
    app.put(url, { ...route, schema: updateDocs(by) }, (request, reply) =>
      moved(reply, async () => {
        const pre = ifMatch(request.headers);
        const { publicationId } = keyOf(request);
        const written = await writes.update(publicationId, refOf(request), request.body, pre);
        return answer(reply, written.post, { success: true }, written.before);
      }),
    );
    app.delete(url, { ...route, schema: deleteDocs(by) }, (request, reply) =>
      moved(reply, async () => {
        const pre = ifMatch(request.headers);
        const post = await writes.remove(keyOf(request).publicationId, refOf(request), pre);
        // Gone: no validator to give, but the keys a CDN should purge.
        return reply.headers(purgeHeaders(post)).send({ success: true });
      }),
    );
  }
}

function refOf(request: FastifyRequest): PostRef {
  const { postId, slug } = request.params as Params;
  return postId !== undefined ? { id: postId } : { slug: slug! };
}

/**
 * A post addressed by a slug it has left answers 308 Permanent Redirect to its current
 * path: permanent, so clients and caches may remember it; 308 rather than 301 because
 * "the user agent MUST NOT change the request method" (RFC 9110 §15.4.9), so a PUT or DELETE
 * is repeated as such, with its body, at the new path.
 */
async function moved(reply: FastifyReply, work: () => Promise<FastifyReply>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MovedError)) throw error;
    return redirectMoved(reply, error.slug, "no-store");
  }
}

/** No store may keep a write's answer; the post's keys say what a CDN should purge. */
function writtenHeaders(post: PostRecord | undefined, before?: PostRecord) {
  if (post === undefined) return { "cache-control": "no-store" };
  return { ...purgeHeaders(post, before), etag: etagOf(post) };
}

/**
 * Every key of an answer the write may have changed, as those answers carry them: the post,
 * its publication's lists, the tag lists it enters or leaves, the feed and searches.
 */
function purgeHeaders(post: PostRecord, before?: PostRecord) {
  const tags = new Set([...(before?.categories ?? []), ...post.categories]);
  const keys = [surrogateKey("post", post.id), surrogateKey("pub", post.publicationId)]
    .concat([...tags].map((tag) => surrogateKey("tag", tag)))
    .concat(["feed", "search"]);
  return {
    "cache-control": "no-store",
    "surrogate-key": keys.join(" "),
    "cache-tag": keys.join(","),
  };
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * In this scope, only JSON bodies are read (anything else is 415); an empty one is none. A
 * body nested too deep is refused as it is read, before any hook or handler walks it.
 */
function jsonBodiesOnly(app: FastifyInstance, bodyLimit: number): void {
  const json = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit },
    (request, body, done) => {
      if (body === "") return done(null, undefined);
      json(request, body as string, (error, parsed) => {
        if (error) return done(error);
        try {
          checkDepth(parsed);
        } catch (refused) {
          return done(refused as Error);
        }
        done(null, parsed);
      });
    },
  );
}
