// buildApp: the HTTP application from its dependencies — a composition root. No I/O on
// import, no listen. Every request takes the one path through Fastify and its hooks.
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "./config/index.js";
import { GoLiveWatch } from "./posts/go-live.js";
import { ByteArena } from "./posts/byte-arena.js";
import { ByteLru, type SharedLru } from "./posts/byte-lru.js";
import type { Clock } from "./posts/post-service.js";
import { installReadService } from "./http/reads/service.js";
import type { PostStore } from "./store/post-store.js";
import { handleError, handleFrameworkError, sendError } from "./http/edge/errors.js";
import { requestIdFor, setCommonHeaders } from "./http/edge/headers.js";
import { installAuthoring } from "./http/authoring/index.js";
import { DESK_OPENAPI } from "./desk/docs.js";
import { installDesk } from "./desk/install.js";
import { sharedSchemas } from "./http/reads/docs.js";
import { postRoutes } from "./http/reads/index.js";
import type { Destination } from "./http/edge/access-log.js";
import { handleClientError } from "./http/edge/client-errors.js";
import { serverOptions } from "./http/edge/limits.js";
import { sharedSerializers, sharedValidators } from "./http/edge/compilers.js";
import { protect } from "./http/edge/protection.js";
import { installOperations } from "./http/ops/index.js";
import { postSerializer } from "./http/wire/representation.js";
import { requestLogger } from "./http/edge/request-logger.js";
import { RequestLog } from "./http/edge/observe.js";
import { parseQuery } from "./http/edge/query.js";
import { RouteTable } from "./http/edge/route-table.js";
import { registerDiscovery } from "./http/discovery/index.js";
import { installWebhookRoutes, installWebhooks } from "./http/webhooks/index.js";
import { installSite, loadTheme } from "./site/index.js";

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
const MAX_TARGET_BYTES = 8 * 1024;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const requestLog = new RequestLog(deps.accessLog);
  // Unknown routes answer the API's JSON until the site says how a browser is answered.
  const notFound: NotFound = { answer: apiNotFound };
  const app = createFastify(deps, requestLog, notFound);
  const routes = new RouteTable();
  routes.watch(app);
  await deps.extend?.(app);
  // Refused here when broken; and loaded (parsed, tried) before the event-loop monitor of
  // protect() starts, which would take the start's own work for overload.
  const theme = loadTheme(config);
  // Compiled now, not by the first write or the first read of a post without stored bytes.
  postSerializer();
  // Before any route, so the rate limiter and metrics see every route.
  protect(app, config);
  const store = await installOperations(app, { ...deps, requestLog, openapi: [DESK_OPENAPI] });
  const clock = deps.clock ?? Date.now;
  const goLive = goLiveWatch(app, store, clock);
  const webhooks = await installWebhooks(app, { config, store, goLive });
  // One bound for the post cache and the answer cache together: CACHE_MAX_BYTES is the process's.
  // New entries pass a window of 1% of it; the rest keeps what is read most (W-TinyLFU).
  const responses: SharedLru = new ByteLru(config.cacheMaxBytes, 0.01);
  // Where the caches keep bytes: evicted ones are taken again at once, not left to the GC.
  const arena = ByteArena.forBound(config.cacheMaxBytes);
  const onChange = webhooks.poke;
  const service = await installReadService(app, {
    ...{ config, clock, store, goLive },
    ...{ responses, arena, onChange },
  });
  // At the root, so every route plugin's schemas may refer to them (Post#, Error#).
  for (const schema of sharedSchemas) app.addSchema(schema);
  const authoring = await installAuthoring(app, { config, store, reads: service, clock });
  const { views } = authoring;
  await app.register(postRoutes, {
    service,
    cacheControl: config.cacheControl,
    ownPost: authoring.ownPost,
  });
  await installDesk(app, { config, store, authoring, theme, now: clock });
  await registerDiscovery(app, { config, store, clock, goLive, posts: service, responses });
  await installWebhookRoutes(app, { store, config, onRedeliver: webhooks.poke });
  // Last: its paths at the root (`/`, `/@pub`, a custom domain's `/slug`) are what is left.
  notFound.answer = await installSite(app, {
    ...{ config, store, clock, goLive, posts: service, responses, views, theme },
    apiNotFound,
  });
  routes.complete(app);
  return app;
}

interface NotFound {
  answer: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, "not_found", "Route not found; /openapi.json lists this API's routes");
}

function createFastify(
  deps: AppDependencies,
  requestLog: RequestLog,
  notFound: NotFound,
): FastifyInstance {
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
    schemaController: {
      compilersFactory: { buildSerializer: sharedSerializers, buildValidator: sharedValidators },
    },
    frameworkErrors: handleFrameworkError,
    logController: requestLog,
    childLoggerFactory: requestLogger,
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
  app.setNotFoundHandler((request, reply) => notFound.answer(request, reply));
  return app;
}

/** Over 8 KiB of bytes; a target of under a third of that in UTF-16 units cannot be. */
function tooLong(url: string): boolean {
  return Buffer.byteLength(url) > MAX_TARGET_BYTES;
}

/** The next go-live on every node: caches and scheduled events hear of it. */
function goLiveWatch(app: FastifyInstance, store: PostStore, clock: Clock) {
  return new GoLiveWatch(store, clock, (err) => app.log.warn({ err }, "go-live lookup"));
}
