// Search, as the original's client calls it: posts (`/v1/discover/search`) and
// publications (`/v1/discover/blogs/search`), each an array of hits, best first.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { depends } from "../../posts/answer-cache.js";
import { searchTerms } from "../../posts/search-terms.js";
import type { DiscoveryContext } from "./context.js";
import * as docs from "./docs.js";
import { limitValue } from "./params.js";
import { blogHitsAnswer, postHitsAnswer } from "./wire.js";
import { sendAnswer } from "../edge/send-answer.js";

const { max, fallback } = docs.SEARCH_LIMIT;

export async function searchRoutes(app: FastifyInstance, context: DiscoveryContext) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { search, answers, siteUrl, cacheControl } = context;

  typed.get("/v1/discover/search", {
    schema: docs.searchPostsSchema,
    handler: async (request, reply) => {
      const { q, blogId } = request.query as { q: string; blogId?: string };
      const options = {
        limit: limitValue(request.query.limit, max, fallback),
        ...(blogId !== undefined && { publicationId: blogId }),
      };
      // Queries that read as the same words share one entry.
      const key = `search:${JSON.stringify([searchTerms(q), options])}`;
      const answer = await answers.get(
        key,
        async (now) => {
          const hits = await search.posts(q, options, now);
          const value = postHitsAnswer(hits, siteUrl, [depends.search]);
          return { value, dependencies: [depends.search], timed: true };
        },
        request,
      );
      return sendAnswer(request, reply, answer, cacheControl);
    },
  });

  typed.get("/v1/discover/blogs/search", {
    schema: docs.searchBlogsSchema,
    handler: async (request, reply) => {
      const { q } = request.query;
      const limit = limitValue(request.query.limit, max, fallback);
      const key = `blogs:${JSON.stringify([searchTerms(q), limit])}`;
      // Publications change only with "everything changed" notices, which clear the cache.
      const answer = await answers.get(
        key,
        async () => {
          const value = blogHitsAnswer(await search.publications(q, limit), siteUrl, [
            depends.search,
          ]);
          return { value, dependencies: [], timed: false };
        },
        request,
      );
      return sendAnswer(request, reply, answer, cacheControl);
    },
  });
}
