// Reader feeds of a publication, by id (stable for subscribers) or by slug:
// /v1/publications/{publicationId}/feed/{rss|atom|json}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { PublicationKey } from "../../store/post-store.js";
import { Answer } from "../wire/answer.js";
import type { DiscoveryContext } from "./context.js";
import * as docs from "./feed-docs.js";
import { FEED_TYPES, atom, jsonFeed, rss } from "./feeds.js";
import { surrogateKey } from "../edge/headers.js";
import { dropAtSign } from "../wire/schemas.js";
import { sendAnswer } from "../edge/send-answer.js";

/** How many of a publication's latest posts a reader feed carries. */
const FEED_POSTS = 20;

const RENDER = { rss, atom, json: jsonFeed };
type Format = keyof typeof RENDER;

export async function readerFeedRoutes(app: FastifyInstance, context: DiscoveryContext) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const feed = feedReply(context);

  typed.get("/v1/publications/:publicationId/feed/:format", {
    schema: docs.readerFeedByIdSchema,
    handler: (request, reply) =>
      feed(request, reply, { id: request.params.publicationId }, request.params.format),
  });
  typed.get("/v1/publications/slug/:publicationSlug/feed/:format", {
    schema: docs.readerFeedBySlugSchema,
    preValidation: dropAtSign,
    handler: (request, reply) =>
      feed(request, reply, { slug: request.params.publicationSlug }, request.params.format),
  });
}

function feedReply({ discovery, answers, siteUrl, cacheControl }: DiscoveryContext) {
  return async (req: FastifyRequest, reply: FastifyReply, key: PublicationKey, format: Format) => {
    const answer = await answers.get(
      `readerfeed:${format}:${JSON.stringify(key)}`,
      async (now) => {
        const publication = await discovery.publication(key);
        if (publication === undefined) return undefined;
        const scope = { publicationId: publication.id };
        const page = await discovery.posts(scope, { limit: FEED_POSTS, withContent: true }, now);
        const body = RENDER[format]({ publication, posts: page.items, siteUrl });
        const keys = [surrogateKey("pub", publication.id)];
        const value = new Answer(Buffer.from(body), FEED_TYPES[format], keys);
        return { value, dependencies: page.dependencies, timed: true };
      },
      req,
    );
    return sendAnswer(req, reply, answer, cacheControl, "Publication not found");
  };
}
