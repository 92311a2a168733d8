// The two read operations of the interface (section 4), plus their OPTIONS and 405 answers.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError } from "../errors.js";
import type { PostReader } from "../posts/post-reader.js";
import type { PostRecord } from "../store/post-store.js";
import { ALLOWED_METHODS, canonicalLink, setPreflightHeaders } from "./headers.js";
import * as s from "./schemas.js";
import { toWirePost } from "./wire.js";

export const POST_BY_ID = "/v1/posts/:postId";
export const POST_BY_SLUGS = "/v1/publications/slug/:publicationSlug/posts/slug/:postSlug";

export interface PostRoutesOptions {
  reader: PostReader;
  siteUrl: string;
}

const responses = { 200: s.PostSchema, "4xx": s.ErrorSchema, "5xx": s.ErrorSchema };

export async function postRoutes(app: FastifyInstance, { reader, siteUrl }: PostRoutesOptions) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const send = (reply: FastifyReply, post: PostRecord | undefined, withContent: boolean) => {
    if (post === undefined) throw new ApiError("not_found");
    reply.header("link", canonicalLink(siteUrl, post.publicationSlug, post.slug));
    return toWirePost(post, withContent);
  };

  typed.get(POST_BY_ID, {
    schema: { params: s.PostByIdParams, querystring: s.IncludeContentQuery, response: responses },
    handler: async (request, reply) => {
      const withContent = s.includeContentValue(request.query.includeContent);
      return send(reply, await reader.byId(request.params.postId, withContent), withContent);
    },
  });

  typed.get(POST_BY_SLUGS, {
    schema: { params: s.PostBySlugParams, querystring: s.IncludeContentQuery, response: responses },
    // Public URLs write the publication as /@slug; the API takes either form.
    preValidation: async (request) => {
      const params = request.params as { publicationSlug: string };
      if (params.publicationSlug.startsWith("@"))
        params.publicationSlug = params.publicationSlug.slice(1);
    },
    handler: async (request, reply) => {
      const { publicationSlug, postSlug } = request.params;
      const withContent = s.includeContentValue(request.query.includeContent);
      return send(reply, await reader.bySlugs(publicationSlug, postSlug, withContent), withContent);
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
