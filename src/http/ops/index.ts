// Everything that makes the app operable and self-describing, installed in one call before
// the API routes: metrics, the per-request log line, health, and the OpenAPI document
// (which must see every route registered after it).
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/index.js";
import { timedStore } from "../../posts/timed-store.js";
import type { PostStore } from "../../store/post-store.js";
import cluster from "node:cluster";
import { localSource, workerSource } from "./cluster-metrics.js";
import { AppMetrics } from "../edge/metrics.js";
import { noteCacheResults, type RequestLog } from "../edge/observe.js";
import { registerOpenApi, type OpenApiExtension } from "./openapi.js";
import { opsRoutes } from "./routes.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics; server.ts serves them on METRICS_PORT when that is set. */
    metrics: AppMetrics;
  }
}

/** Resolves to the store to read through: the given one, timed for the metrics. */
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
  // The cache is made after this runs; it is only read at scrape time.
  const metrics = new AppMetrics(() => app.postCache.snapshot());
  const store = timedStore(deps.store, metrics.observeStoreQuery);
  app.decorate("metrics", metrics);
  noteCacheResults(app);
  deps.requestLog.metrics = metrics;
  await registerOpenApi(app, deps.openapi);
  // A worker's registry is one part of the process's: it answers with the primary's sum.
  const source = cluster.isWorker ? workerSource(metrics.registry) : localSource(metrics.registry);
  const onApiPort = deps.config.metricsOnApiPort ? source : undefined;
  await app.register(opsRoutes, { store, metrics: onApiPort });
  return store;
}
