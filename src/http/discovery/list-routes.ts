// The lists of posts: a publication's, a category's, every publication's (the
// feed), and the single read by publication id. Pages are keyset-based (posts/discovery.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError } from "../../errors.js";
import { depends } from "../../posts/answer-cache.js";
import { CursorError } from "../../posts/cursor.js";
import type { PageRequest } from "../../posts/discovery.js";
import type { ListScope } from "../../store/post-store.js";
import { surrogateKey } from "../edge/headers.js";
import type { DiscoveryContext } from "./context.js";
import * as docs from "./docs.js";
import { limitValue } from "./params.js";
import { feedBodiesAnswer, postBodiesAnswer } from "./bodies.js";
import { feedPageAnswer, postPageAnswer } from "./wire.js";
import { includeContentValue } from "../wire/schemas.js";
import { sendAnswer } from "../edge/send-answer.js";
import { redirectMoved } from "../edge/redirect.js";
import { sendPost } from "../edge/send-post.js";

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
      const { posts, cacheControl } = context;
      const publicationSlug = await context.discovery.publicationSlug(publicationId);
      if (publicationSlug === undefined) throw new ApiError("not_found");
      const post = await posts.find({ publicationSlug, postSlug }, withContent, request);
      if (post === undefined) {
        const moved = await posts.movedSlug(publicationSlug, postSlug);
        if (moved !== undefined) return redirectMoved(reply, moved, cacheControl);
      }
      return sendPost(request, reply, posts, post, withContent, cacheControl);
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
        if (!(await scopeExists(discovery, scope))) return undefined;
        const built = await opened(pageAnswer(discovery, scope, page, now));
        return { ...built, timed: true };
      },
      request,
    );
    return sendAnswer(request, reply, answer, cacheControl, "Publication not found");
  };
}

/**
 * A publication's list exists while the publication does: a missing one is the 404 of its
 * single read. Asked only when the page is made (a cached page's publication exists: any
 * publication write drops every cached answer), from the remembered slugs. A category is no
 * stored thing: it has the posts that carry it, none at all for a name no post carries.
 */
async function scopeExists(discovery: DiscoveryContext["discovery"], scope: ListScope) {
  if (!("publicationId" in scope)) return true;
  return (await discovery.publicationSlug(scope.publicationId)) !== undefined;
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

/** The list's CDN key, as the single reads name their publication (wire/representation.ts). */
const cdnKey = (scope: ListScope) =>
  "publicationId" in scope
    ? surrogateKey("pub", scope.publicationId)
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
