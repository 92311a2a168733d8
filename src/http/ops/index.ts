// Everything that makes the app operable and self-describing, installed in one call before
// the API routes: metrics, the per-request log line, health, and the OpenAPI document
// (which must see every route registered after it).
import type { FastifyInstance } from "fastify";
import { metricsServed, type Config } from "../../config/index.js";
import { timedStore } from "../../posts/timed-store.js";
import type { PostStore } from "../../store/post-store.js";
import cluster from "node:cluster";
import type { AppMetrics } from "../edge/metrics.js";
import { noteCacheResults, type RequestLog } from "../edge/observe.js";
import { registerOpenApi, type OpenApiExtension } from "./openapi.js";
import { opsRoutes } from "./routes.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * This app's metrics, when something serves them (METRICS_PORT, METRICS_ON_API_PORT):
     * otherwise nothing is observed, since no one could read it.
     */
    metrics: AppMetrics | undefined;
  }
}

/** Resolves to the store to read through: the given one, timed when metrics are served. */
export async function installOperations(
  app: FastifyInstance,
  deps: {
    config: Config;
    store: PostStore;
    requestLog: RequestLog;
    /** What the layers above add to the OpenAPI document's root (the desk's schemes). */
    openapi?: readonly OpenApiExtension[];
  },
): Promise<PostStore> {
  noteCacheResults(app);
  await registerOpenApi(app, deps.openapi);
  if (!metricsServed(deps.config)) {
    app.decorate("metrics", undefined);
    await app.register(opsRoutes, { store: deps.store, metrics: undefined });
    return deps.store;
  }
  // Loaded only here: prom-client and its registry cost every other process a start-up.
  const [{ AppMetrics }, { localSource, workerSource }] = await Promise.all([
    import("../edge/metrics.js"),
    import("./cluster-metrics.js"),
  ]);
  // The cache is made after this runs; it is only read at scrape time.
  const metrics = new AppMetrics(() => app.postCache.snapshot());
  const store = timedStore(deps.store, metrics.observeStoreQuery);
  app.decorate("metrics", metrics);
  deps.requestLog.metrics = metrics;
  // A worker's registry is one part of the process's: it answers with the primary's sum.
  const source = cluster.isWorker ? workerSource(metrics.registry) : localSource(metrics.registry);
  const onApiPort = deps.config.metricsOnApiPort ? source : undefined;
  await app.register(opsRoutes, { store, metrics: onApiPort });
  return store;
}
