// The two read operations of the interface (section 4). OPTIONS and 405 come from the
// route table; the answer itself from edge/send-post.ts.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { redirectMoved } from "../edge/redirect.js";
import { postByIdSchema, postBySlugsSchema } from "./docs.js";
import * as s from "../wire/schemas.js";
import { sendPost, type OwnPostAnswer, type RepresentationService } from "../edge/send-post.js";

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
