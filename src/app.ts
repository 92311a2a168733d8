// buildApp: the HTTP application from its dependencies — a composition root. No I/O on
// import, no listen. Every request takes the one path through Fastify and its hooks.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";
import { GoLiveWatch } from "./posts/go-live.js";
import { ByteLru, type SharedLru } from "./posts/byte-lru.js";
import { PostCache } from "./posts/post-cache.js";
import { PostService, type Clock } from "./posts/post-service.js";
import { Representation } from "./http/representation.js";
import type { PostStore } from "./store/post-store.js";
import { handleError, handleFrameworkError, sendError } from "./http/errors.js";
import { requestIdFor, setCommonHeaders } from "./http/headers.js";
import { installAuthoring } from "./http/authoring.js";
import { sharedSchemas } from "./http/post-docs.js";
import { postRoutes } from "./http/post-routes.js";
import type { Destination } from "./http/access-log.js";
import { handleClientError } from "./http/client-errors.js";
import { serverOptions } from "./http/limits.js";
import { protect } from "./http/protection.js";
import { installOperations } from "./http/operations.js";
import { RequestLog } from "./http/observe.js";
import { parseQuery } from "./http/query.js";
import { RouteTable } from "./http/route-table.js";
import { registerDiscovery } from "./http/discovery-routes.js";
import { installWebhookRoutes, installWebhooks } from "./http/webhooks.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The response cache, for health, metrics and tests. */
    postCache: PostCache<Representation>;
  }
}

export interface AppDependencies {
  config: Config;
  store: PostStore;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  /** Where the logger's JSON lines go, for access lines written without pino's serializer. */
  accessLog?: Destination;
  /** Runs before any route is added: hooks or routes of an embedding (and of tests). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** Request targets longer than this are refused with 414 (contract section 4). */
export const MAX_TARGET_BYTES = 8 * 1024;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const requestLog = new RequestLog(deps.accessLog);
  const app = createFastify(deps, requestLog);
  const routes = new RouteTable();
  routes.watch(app);
  await deps.extend?.(app);
  // Before any route, so the rate limiter and metrics see every route.
  protect(app, config);
  const store = await installOperations(app, { ...deps, requestLog });
  const goLive = goLiveWatch(app, store, deps);
  const webhooks = await installWebhooks(app, { config, store, goLive });
  // One bound for the post cache and the answer cache together: CACHE_MAX_BYTES is the process's.
  const responses: SharedLru = new ByteLru(config.cacheMaxBytes);
  const service = await readService(app, { store, deps, goLive, responses }, webhooks.poke);
  // At the root, so every route plugin's schemas may refer to them (Post#, Error#).
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(postRoutes, { service, cacheControl: config.cacheControl });
  const clock = deps.clock ?? Date.now;
  await installAuthoring(app, { config, store, reads: service, clock });
  await registerDiscovery(app, { config, store, clock, goLive, posts: service, responses });
  await installWebhookRoutes(app, { store, config, onRedeliver: webhooks.poke });
  routes.complete(app);
  return app;
}

function createFastify(deps: AppDependencies, requestLog: RequestLog): FastifyInstance {
  const app = Fastify({
    ...serverOptions(deps.config.limits),
    clientErrorHandler: handleClientError,
    // Always a logger, if a silent one: Fastify reports finished responses (RequestLog, which
    // also counts them for the metrics) only to an app that has one.
    logger:
      deps.logger === false
        ? { level: "silent" }
        : (deps.logger ?? { level: deps.config.logLevel }),
    genReqId: requestIdFor,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: MAX_TARGET_BYTES,
      querystringParser: parseQuery,
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    frameworkErrors: handleFrameworkError,
    logController: requestLog,
  });
  // Callback style: cheaper than an async hook on every request. Answering ends the chain.
  app.addHook("onRequest", (request, reply, done) => {
    setCommonHeaders(reply);
    const { url } = request.raw;
    if (url !== undefined && url.length > MAX_TARGET_BYTES / 3 && tooLong(url)) {
      sendError(reply, "uri_too_long");
      return;
    }
    done();
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, "not_found", "Route not found; /openapi.json lists this API's routes"),
  );
  return app;
}

/** Over 8 KiB of bytes; a target of under a third of that in UTF-16 units cannot be. */
function tooLong(url: string): boolean {
  return Buffer.byteLength(url) > MAX_TARGET_BYTES;
}

/** The next go-live on every node: caches and scheduled events hear of it. */
function goLiveWatch(app: FastifyInstance, store: PostStore, deps: AppDependencies) {
  const { clock = Date.now } = deps;
  return new GoLiveWatch(store, clock, (err) => app.log.warn({ err }, "go-live lookup"));
}

/**
 * The read service over the cache, kept current by change notices and go-live times. A
 * notice also wakes the webhook worker: the write may have queued deliveries.
 */
async function readService(
  app: FastifyInstance,
  parts: { store: PostStore; deps: AppDependencies; goLive: GoLiveWatch; responses: SharedLru },
  onChange: () => void,
) {
  const { store, deps, goLive, responses } = parts;
  const { config, clock = Date.now } = deps;
  const cache = new PostCache<Representation>(responses);
  // A go-live is a change no write announces: every "not found" held may have become untrue.
  goLive.onGoLive(() => cache.apply({ all: false, postIds: [] }));
  const stopWatching = await store.watchChanges((notice) => {
    cache.apply(notice);
    void goLive.refresh();
    onChange();
  });
  await goLive.refresh();
  app.addHook("onClose", async () => {
    goLive.stop();
    await stopWatching();
  });
  app.decorate("postCache", cache);
  return new PostService({
    store,
    cache,
    goLive,
    clock,
    fromStored: (post, bytes) => new Representation(post, bytes, config.siteUrl),
    represent: (post, withContent) => Representation.of(post, withContent, config.siteUrl),
    missTtlMs: config.cacheMissTtlMs,
  });
}
