// The discovery reads, composed and registered in one call: publications,
// users, lists, reader feeds and search, with their answer cache kept current by change
// notices (on every node) and go-live times.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/index.js";
import { AnswerCache } from "../../posts/answer-cache.js";
import { CachedAnswers } from "../../posts/cached-answers.js";
import type { SharedLru } from "../../posts/byte-lru.js";
import { CursorCodec } from "../../posts/cursor.js";
import { Discovery } from "../../posts/discovery.js";
import { DiscoverySearch } from "../../posts/discovery-search.js";
import type { GoLiveWatch } from "../../posts/go-live.js";
import type { Clock } from "../../posts/post-service.js";
import type { PostStore } from "../../store/post-store.js";
import type { Answer } from "../wire/answer.js";
import type { DiscoveryContext } from "./context.js";
import { discoverySchemas } from "./schemas.js";
import { listRoutes } from "./list-routes.js";
import { publicationRoutes } from "./publication-routes.js";
import { readerFeedRoutes } from "./feed-routes.js";
import { searchRoutes } from "./search-routes.js";
import type { RepresentationService } from "../edge/send-post.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The discovery answers' cache, for metrics and tests. */
    answerCache: AnswerCache<Answer>;
  }
}

export interface DiscoveryDependencies {
  config: Config;
  store: PostStore;
  clock: Clock;
  goLive: Pick<GoLiveWatch, "validUntil">;
  posts: RepresentationService;
  /** The LRU the post cache uses too: one byte bound for both. */
  responses: SharedLru;
}

export async function registerDiscovery(app: FastifyInstance, deps: DiscoveryDependencies) {
  const { config, store, clock, goLive } = deps;
  const cache = new AnswerCache<Answer>(deps.responses);
  const discovery = new Discovery(store, new CursorCodec(() => store.cursorKey()));
  const stopWatching = await store.watchChanges((notice) => {
    cache.apply(notice);
    discovery.apply(notice);
  });
  app.addHook("onClose", stopWatching);
  app.decorate("answerCache", cache);
  const context: DiscoveryContext = {
    discovery,
    search: new DiscoverySearch(store),
    answers: new CachedAnswers(cache, goLive, clock),
    posts: deps.posts,
    siteUrl: config.siteUrl,
    cacheControl: config.cacheControl,
  };
  await app.register(async (scope) => {
    // Post and Error are registered at the root (app.ts) for every route plugin.
    for (const schema of discoverySchemas) scope.addSchema(schema);
    for (const routes of [publicationRoutes, listRoutes, readerFeedRoutes, searchRoutes]) {
      await routes(scope, context);
    }
  });
}
