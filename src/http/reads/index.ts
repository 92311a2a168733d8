// The two read operations of the interface (section 4). OPTIONS and 405 come from the
// route table; the answer itself from send-post.ts.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { uriComponent } from "./headers.js";
import { postByIdSchema, postBySlugsSchema } from "./post-docs.js";
import type { OwnPostAnswer } from "./own-routes.js";
import * as s from "./schemas.js";
import { sendPost, type RepresentationService } from "./send-post.js";

export const POST_BY_ID = "/v1/posts/:postId";
const POST_BY_SLUGS = "/v1/publications/slug/:publicationSlug/posts/slug/:postSlug";

interface PostRoutesOptions {
  service: RepresentationService;
  cacheControl: string;
  /** A writer's read of their own post, in any status (the authoring API's). */
  ownPost?: OwnPostAnswer;
}

export async function postRoutes(app: FastifyInstance, options: PostRoutesOptions) {
  const { service, cacheControl, ownPost } = options;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(POST_BY_ID, {
    schema: postByIdSchema,
    handler: async (request, reply) => {
      const withContent = s.includeContentValue(request.query.includeContent);
      const { postId } = request.params;
      // Only a request with credentials may be a writer's: an anonymous read awaits nothing.
      const writer = ownPost !== undefined && request.headers.authorization !== undefined;
      if (writer && (await ownPost(request, reply, postId, withContent))) return reply;
      const post = await service.find({ id: postId }, withContent, request);
      return sendPost(request, reply, service, post, withContent, cacheControl);
    },
  });

  typed.get(POST_BY_SLUGS, {
    schema: postBySlugsSchema,
    // Before validation: the 1–256 rule applies to the slug without its `@`.
    preValidation: s.dropAtSign,
    handler: async (request, reply) => {
      const withContent = s.includeContentValue(request.query.includeContent);
      const post = await service.find(request.params, withContent, request);
      if (post === undefined) {
        const { publicationSlug, postSlug } = request.params;
        const moved = await service.movedSlug(publicationSlug, postSlug);
        if (moved !== undefined) return redirectMoved(reply, moved, cacheControl);
      }
      return sendPost(request, reply, service, post, withContent, cacheControl);
    },
  });
}

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
