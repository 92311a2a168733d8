// The process: config → store → app → listen → graceful close on SIGTERM/SIGINT.
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { Config } from "./config/index.js";
import cluster from "node:cluster";
import { startMetricsServer, type MetricsServer } from "./http/ops/metrics-server.js";
import { processLog } from "./logging.js";
import { ListenError } from "./errors.js";
import type { PostStore } from "./store/post-store.js";

export interface RunningServer {
  app: FastifyInstance;
  address: string;
  /** How long in-flight requests get to finish once a signal asks the process to stop. */
  shutdownTimeoutMs: number;
  /** Where /metrics is served when METRICS_PORT is set. */
  metricsAddress?: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, store: PostStore): Promise<RunningServer> {
  const log = processLog(config.logLevel);
  const app = await buildApp({
    config,
    store,
    logger: log.options,
    accessLog: log.jsonDestination,
  });
  let metrics: MetricsServer | undefined;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw new ListenError(listenFailure(error as NodeJS.ErrnoException, config));
  }
  // With workers, the primary serves METRICS_PORT with all of theirs (cli/serve.ts).
  if (config.metricsPort !== undefined && !cluster.isWorker) {
    metrics = await listenMetrics(app, { ...config, port: config.metricsPort });
  }
  const { port } = app.server.address() as { port: number };
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= Promise.all([app.close(), metrics?.close()])
      .then(() => store.close())
      .finally(log.flush));
  const { shutdownTimeoutMs } = config.limits;
  const address = `http://${host}:${port}`;
  return { app, address, metricsAddress: metrics?.address, shutdownTimeoutMs, close };
}

async function listenMetrics(app: FastifyInstance, config: Config): Promise<MetricsServer> {
  try {
    // METRICS_PORT is set, so the app made its metrics (http/ops).
    const { registry } = app.metrics!;
    const { localSource } = await import("./http/ops/cluster-metrics.js");
    return await startMetricsServer(localSource(registry), config.host, config.port);
  } catch (error) {
    await app.close();
    throw new ListenError(`metrics: ${listenFailure(error as NodeJS.ErrnoException, config)}`);
  }
}

function listenFailure(error: NodeJS.ErrnoException, config: Config): string {
  const where = `${config.host}:${config.port}`;
  if (error.code === "EADDRINUSE") return `port ${config.port} is already in use (${where})`;
  if (error.code === "EACCES") return `not allowed to listen on ${where}`;
  if (error.code === "EADDRNOTAVAIL") return `address ${config.host} is not available here`;
  return `cannot listen on ${where}: ${error.message}`;
}

/** Stops accepting on SIGTERM/SIGINT, lets in-flight requests finish, then exits. */
export function closeOnSignals(server: RunningServer, deadlineMs = server.shutdownTimeoutMs): void {
  const stop = (signal: string) => {
    server.app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      server.app.log.error("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, "error while closing");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
