// The lists of posts (issue 12): a publication's, a category's, every publication's (the
// feed), and the single read by publication id. Pages are keyset-based (posts/discovery.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError } from "../errors.js";
import { depends } from "../posts/answer-cache.js";
import { CursorError } from "../posts/cursor.js";
import type { PageRequest } from "../posts/discovery.js";
import type { ListScope } from "../store/post-store.js";
import { surrogateKey } from "./answer.js";
import type { DiscoveryContext } from "./discovery-context.js";
import * as docs from "./discovery-docs.js";
import { limitValue } from "./discovery-params.js";
import { feedBodiesAnswer, postBodiesAnswer } from "./discovery-bodies.js";
import { feedPageAnswer, postPageAnswer } from "./discovery-wire.js";
import { includeContentValue } from "./schemas.js";
import { sendAnswer } from "./send-answer.js";
import { sendPost } from "./send-post.js";

interface ListQuery {
  includeContent?: string;
  cursor?: string;
  limit?: string;
}

export async function listRoutes(app: FastifyInstance, context: DiscoveryContext) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const list = listReply(context);

  typed.get("/v1/publications/:publicationId/posts", {
    schema: docs.postsOfPublicationSchema,
    handler: (request, reply) =>
      list(request, reply, { publicationId: request.params.publicationId }),
  });
  typed.get("/v1/posts/tag/:tag", {
    schema: docs.postsByTagSchema,
    handler: (request, reply) => list(request, reply, { tag: request.params.tag }),
  });
  typed.get("/v1/posts/feed", {
    schema: docs.feedSchema,
    handler: (request, reply) => list(request, reply, { everything: true }),
  });
  typed.get("/v1/publications/:publicationId/posts/slug/:postSlug", {
    schema: docs.postByPublicationIdSchema,
    handler: async (request, reply) => {
      const { publicationId, postSlug } = request.params;
      const withContent = includeContentValue(request.query.includeContent);
      const publicationSlug = await context.discovery.publicationSlug(publicationId);
      const lookup = publicationSlug === undefined ? undefined : { publicationSlug, postSlug };
      const post = lookup && (await context.posts.find(lookup, withContent, request));
      return sendPost(request, reply, context.posts, post, withContent, context.cacheControl);
    },
  });
}

function listReply(context: DiscoveryContext) {
  const { discovery, answers, cacheControl } = context;
  return async (request: FastifyRequest, reply: FastifyReply, scope: ListScope) => {
    const page = pageRequest(request.query as ListQuery, scope);
    const key = `list:${JSON.stringify([scope, page])}`;
    const answer = await answers.get(
      key,
      async (now) => {
        const built = await opened(pageAnswer(discovery, scope, page, now));
        return { ...built, timed: true };
      },
      request,
    );
    return sendAnswer(request, reply, answer, cacheControl);
  };
}

/**
 * A page joined from the posts' stored bodies; built from records only when a post has none
 * (a store written without them), which a second read of the same page costs.
 */
async function pageAnswer(
  discovery: DiscoveryContext["discovery"],
  scope: ListScope,
  page: PageRequest,
  now: number,
) {
  if ("everything" in scope) {
    const feed = await discovery.feed(page, now);
    const joined = feedBodiesAnswer(feed, [depends.feed]);
    if (joined) return { value: joined, dependencies: feed.dependencies };
    const records = await discovery.feedOfRecords(page, now);
    const value = feedPageAnswer(records, page.withContent, [depends.feed]);
    return { value, dependencies: records.dependencies };
  }
  const keys = [cdnKey(scope)];
  const bodies = await discovery.bodies(scope, page, now);
  const joined = postBodiesAnswer(bodies, keys);
  if (joined) return { value: joined, dependencies: bodies.dependencies };
  // The records are a second read: the page's dependencies are that read's.
  const posts = await discovery.posts(scope, page, now);
  return { value: postPageAnswer(posts, page.withContent, keys), dependencies: posts.dependencies };
}

function pageRequest(query: ListQuery, scope: ListScope): PageRequest {
  const { max, fallback } = "everything" in scope ? docs.FEED_LIMIT : docs.POSTS_LIMIT;
  const page: PageRequest = {
    limit: limitValue(query.limit, max, fallback),
    withContent: includeContentValue(query.includeContent),
  };
  if (query.cursor !== undefined) page.cursor = query.cursor;
  return page;
}

/** Publication ids as the single reads name them (representation.ts); categories encoded. */
const cdnKey = (scope: ListScope) =>
  "publicationId" in scope
    ? depends.publication(scope.publicationId)
    : "tag" in scope
      ? surrogateKey("tag", scope.tag)
      : depends.feed;

/** A cursor that fails its check is the client's error: 400 naming `cursor`. */
async function opened<T>(page: Promise<T>): Promise<T> {
  try {
    return await page;
  } catch (error) {
    if (error instanceof CursorError) throw new ApiError("invalid_parameter", error.message);
    throw error;
  }
}
