// The two read operations of the interface (section 4). OPTIONS and 405 come from the
// route table; the answer itself from send-post.ts.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { postByIdSchema, postBySlugsSchema } from "./post-docs.js";
import type { OwnPostAnswer } from "./own-routes.js";
import * as s from "./schemas.js";
import { sendPost, type RepresentationService } from "./send-post.js";

export const POST_BY_ID = "/v1/posts/:postId";
export const POST_BY_SLUGS = "/v1/publications/slug/:publicationSlug/posts/slug/:postSlug";

export interface PostRoutesOptions {
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
      if (await ownPost?.(request, reply, postId, withContent)) return reply;
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
      if (post === undefined) await redirectMoved(request.params, reply, service, cacheControl);
      return reply.sent
        ? reply
        : sendPost(request, reply, service, post, withContent, cacheControl);
    },
  });
}

/**
 * An old slug of a renamed post answers 308 Permanent Redirect to the post's current path,
 * query kept. Permanent: the old URL will not name another post (a slug in a post's history
 * is not given to a new one). 308 rather than 301: the method is kept (RFC 9110 §15.4.9),
 * one rule for reads and for the authoring API's writes by slug.
 */
async function redirectMoved(
  { publicationSlug, postSlug }: { publicationSlug: string; postSlug: string },
  reply: FastifyReply,
  service: RepresentationService,
  cacheControl: string,
) {
  const slug = await service.movedSlug(publicationSlug, postSlug);
  if (slug === undefined) return;
  const { url } = reply.request;
  const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  const path = `/v1/publications/slug/${encodeURIComponent(publicationSlug)}/posts/slug/${encodeURIComponent(slug)}`;
  await reply
    .code(308)
    .headers({ location: `${path}${query}`, "cache-control": cacheControl })
    .send();
}
