// The two read operations of the interface (section 4), plus their OPTIONS and 405 answers.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError } from "../errors.js";
import { ALLOWED_METHODS, setPreflightHeaders } from "./headers.js";
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
    // Public URLs write the publication as /@slug; the API takes either form.
    preValidation: async (request) => {
      const params = request.params as { publicationSlug: string };
      if (params.publicationSlug.startsWith("@")) {
        params.publicationSlug = params.publicationSlug.slice(1);
      }
    },
    handler: async (request, reply) => {
      const withContent = s.includeContentValue(request.query.includeContent);
      const post = await service.find(request.params, withContent, request);
      return sendPost(request, reply, service, post, withContent, cacheControl);
    },
  });

  for (const url of [POST_BY_ID, POST_BY_SLUGS]) {
    app.options(url, async (_request, reply) => {
      setPreflightHeaders(reply);
      return reply.code(204).send();
    });
    const others = app.supportedMethods.filter((m) => !["GET", "HEAD", "OPTIONS"].includes(m));
    app.route({
      method: others,
      url,
      // Refused before the body is read: a 405 must not depend on what was sent.
      onRequest: async () => {
        throw new ApiError("method_not_allowed", undefined, { allow: ALLOWED_METHODS });
      },
      handler: async () => undefined,
    });
  }
}
