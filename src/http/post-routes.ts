// The two read operations of the interface (section 4). OPTIONS and 405 come from the
// route table; the answer itself from send-post.ts.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { postByIdSchema, postBySlugsSchema, sharedSchemas } from "./post-docs.js";
import * as s from "./schemas.js";
import { sendPost, type RepresentationService } from "./send-post.js";

export const POST_BY_ID = "/v1/posts/:postId";
export const POST_BY_SLUGS = "/v1/publications/slug/:publicationSlug/posts/slug/:postSlug";

export interface PostRoutesOptions {
  service: RepresentationService;
  cacheControl: string;
}

export async function postRoutes(app: FastifyInstance, options: PostRoutesOptions) {
  const { service, cacheControl } = options;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const schema of sharedSchemas) app.addSchema(schema);

  typed.get(POST_BY_ID, {
    schema: postByIdSchema,
    handler: async (request, reply) => {
      const withContent = s.includeContentValue(request.query.includeContent);
      const post = await service.find({ id: request.params.postId }, withContent, request);
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
      return sendPost(request, reply, service, post, withContent, cacheControl);
    },
  });
}
