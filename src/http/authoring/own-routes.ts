// The authoring API's reads: the key's own posts in any status, and the key's
// publication. Answers are the key holder's alone: never stored by a shared cache.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../errors.js";
import { OWN_LIMIT, publicationOf, type OwnPosts } from "../../posts/own-posts.js";
import type { PublicationReader } from "../../store/post-store.js";
import type { KeyVerifier } from "../../posts/api-keys.js";
import { bearerToken, keyOf } from "../edge/auth.js";
import { listOwnDocs, meDocs } from "./docs.js";
import type { OwnPostsQueryValue } from "./schemas.js";
import { fieldCompiler } from "../edge/field-validation.js";
import type { OwnPostAnswer } from "../edge/send-post.js";
import { includeContentValue } from "../wire/schemas.js";
import { toWirePublication } from "../wire/publication.js";
import { etagOf } from "./if-match.js";
import { wireBytes } from "../wire/representation.js";
import { toWirePost } from "../wire/post.js";

interface OwnRoutesOptions {
  own: OwnPosts;
  store: Pick<PublicationReader, "findPublication">;
}

const PRIVATE = { "cache-control": "private, no-store" };

export function ownPostAnswer(verifier: KeyVerifier, own: OwnPosts): OwnPostAnswer {
  return async (request, reply, postId, withContent) => {
    const token = bearerToken(request);
    if (token === undefined) return false;
    const key = await verifier.verify(token);
    const post = key && (await own.find(key.publicationId, postId, withContent));
    if (!post) return false;
    // The same bytes and tag as the public answer of the post when it is visible, so an
    // ETag read here is one If-Match takes; never kept by any cache, and varying by key.
    const { body, etag } = wireBytes(post, withContent);
    await reply
      .headers({ ...PRIVATE, etag, vary: "Authorization" })
      .type("application/json; charset=utf-8")
      .send(body);
    return true;
  };
}

export async function ownRoutes(app: FastifyInstance, { own, store }: OwnRoutesOptions) {
  const route = { config: { auth: true }, validatorCompiler: fieldCompiler };

  app.get("/v1/posts", { ...route, schema: listOwnDocs }, async (request, reply) => {
    const page = await ownPage(own, keyOf(request).publicationId, request.query);
    return reply.headers(PRIVATE).type("application/json; charset=utf-8").send(page);
  });

  app.get("/v1/me", { ...route, schema: meDocs }, async (request, reply) => {
    const publication = await publicationOf(store, keyOf(request).publicationId);
    return reply.headers(PRIVATE).send(toWirePublication(publication));
  });
}

/**
 * A page of a publication's own posts as JSON, for whoever acts for it: an API key here, a
 * desk session in desk/.
 */
export async function ownPage(own: OwnPosts, publicationId: string, raw: unknown) {
  const query = raw as OwnPostsQueryValue;
  const withContent = includeContentValue(query.includeContent);
  const page = await own.list({
    ...{ publicationId, withContent, limit: limitOf(query.limit) },
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
  });
  const items = page.posts.map((post) => ({
    ...toWirePost(post, withContent),
    views: post.views,
    etag: etagOf(post),
  }));
  const pagination = { cursor: page.cursor, hasMore: page.hasMore, total: page.total };
  return JSON.stringify({ items, pagination });
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return OWN_LIMIT.default;
  const limit = Number(raw);
  if (limit < 1 || limit > OWN_LIMIT.max) {
    throw new ApiError("invalid_parameter", `limit: must be 1 to ${OWN_LIMIT.max}`);
  }
  return limit;
}
