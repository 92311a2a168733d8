// buildApp: the HTTP application from its dependencies. No I/O on import, no listen.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";
import { PostCache } from "./posts/post-cache.js";
import { PostService, type Clock } from "./posts/post-service.js";
import { Representation } from "./http/representation.js";
import type { PostStore } from "./store/post-store.js";
import { handleError, handleFrameworkError, sendError } from "./http/errors.js";
import { requestIdFor, setCommonHeaders } from "./http/headers.js";
import { postRoutes } from "./http/post-routes.js";
import { installFastLane } from "./http/fast-lane.js";
import { accessLogger, type Destination } from "./http/access-log.js";
import { handleClientError } from "./http/client-errors.js";
import { serverOptions } from "./http/limits.js";
import { protect } from "./http/protection.js";
import { installOperations } from "./http/operations.js";
import { RequestLog } from "./http/observe.js";

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
}

/** Request targets longer than this are refused with 414 (contract section 4). */
export const MAX_TARGET_BYTES = 8 * 1024;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions(deps.config.limits),
    clientErrorHandler: handleClientError,
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: requestIdFor,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_TARGET_BYTES },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    frameworkErrors: handleFrameworkError,
    logController: new RequestLog(),
  });
  app.addHook("onRequest", async (request, reply) => {
    setCommonHeaders(reply);
    if (request.raw.url !== undefined && Buffer.byteLength(request.raw.url) > MAX_TARGET_BYTES) {
      return sendError(reply, "uri_too_long");
    }
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => sendError(reply, "not_found"));
  const { config } = deps;
  // Before any route, so the rate limiter sees every route (and skips those that opt out).
  await protect(app, config);
  const store = await installOperations(app, deps);
  const cache = new PostCache<Representation>(config.cacheMaxBytes);
  const service = new PostService({
    store,
    cache,
    represent: (post, withContent) => new Representation(post, withContent, config.siteUrl),
    clock: deps.clock,
    missTtlMs: config.cacheMissTtlMs,
  });
  const stopWatching = await store.watchChanges((notice) => cache.apply(notice));
  app.addHook("onClose", stopWatching);
  app.decorate("postCache", cache);
  await app.register(postRoutes, { service, cacheControl: config.cacheControl });
  const { rateLimit, cacheControl } = config;
  const accessLog = accessLogger(app.log, deps.accessLog);
  installFastLane(app, { service, cacheControl, rateLimit, metrics: app.metrics, accessLog });
  return app;
}
