import { loadConfig, metricsServed, type Config } from "../config/index.js";
import { StoreUnavailableError } from "../errors.js";
import { forkWorkers, isWorker } from "../workers.js";
import { startMetricsServer } from "../http/ops/metrics-server.js";
import { ListenError } from "../errors.js";
import { closeOnSignals, startServer, type RunningServer } from "../server.js";
import { StartingStore } from "../store/starting-store.js";
import { parse } from "./args.js";
import { banner, examplePaths } from "./banner.js";
import { loadDemo } from "./demo.js";
import { variableDefaults } from "./environment.js";
import { openConfiguredStore } from "./store.js";

type Log = (line: string) => void;

export const serveCommand = {
  help: `Usage: folio serve [--demo-if-empty]

Migrates the store, then serves the API on HOST:PORT: the public reads of posts,
publications, authors, lists, feeds and search; the authoring API for API keys;
webhook endpoints; /docs and /openapi.json. It also delivers webhook events.
A store out of reach at start is retried; meanwhile post requests answer 503.

  --demo-if-empty   load the bundled demo data set when the store has no posts

Environment, with defaults (the README's configuration table explains each):
${variableDefaults()}`,
  async run(args: string[]): Promise<number> {
    const { values } = parse(args, { "demo-if-empty": { type: "boolean" } }, 0);
    const config = loadConfig();
    const store = new StartingStore(await openConfiguredStore(config));
    const log: Log = (line) => console.error(`folio: ${line}`);
    const afterStart = async () => {
      if (!isWorker() && values["demo-if-empty"] && (await store.countPosts()) === 0) {
        const demo = await loadDemo(store);
        console.log(`the store was empty: loaded the demo data set (${demo.written} records)`);
      }
    };
    let server: RunningServer | undefined;
    try {
      const ready = await firstAttempt(store, log);
      if (ready) await afterStart();
      const examples = ready && !isWorker() ? await examplePaths(store) : undefined;
      if (config.workers > 1 && !isWorker()) {
        await store.close();
        const pool = forkWorkers(config.workers, log);
        const metricsAddress = await serveClusterMetrics(config);
        const where = `${await pool.address} with ${config.workers} workers`;
        console.log(banner({ config, where, metricsAddress, examples }));
        return new Promise<number>(() => {});
      }
      const running = (server = await startServer(config, store));
      closeOnSignals(running);
      const { address: where, metricsAddress } = running;
      if (!isWorker()) console.log(banner({ config, where, metricsAddress, examples }));
      if (!ready) keepStarting(store, running, log, afterStart);
      return new Promise<number>(() => {});
    } catch (error) {
      await (server?.close() ?? store.close());
      throw error;
    }
  },
};

/** One quick attempt, so a reachable store is ready before the first request. */
async function firstAttempt(store: StartingStore, log: Log): Promise<boolean> {
  try {
    return await store.start({ log, maxAttempts: 1 });
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log(`${error.message}; serving 503 unavailable until the store is reached`);
    return false;
  }
}

/** Serves 503s while the store is out of reach; a schema too new ends the process. */
function keepStarting(
  store: StartingStore,
  server: RunningServer,
  log: Log,
  afterStart: () => Promise<void>,
): void {
  store
    .start({ log })
    .then(async (ready) => {
      if (!ready) return;
      log("store reached: ready");
      await afterStart();
    })
    .catch(async (error: unknown) => {
      log((error as Error).message);
      await server.close().catch(() => {});
      process.exit(1);
    });
}

/** In the primary: every worker's metrics, summed, on METRICS_PORT and for METRICS_ON_API_PORT. */
async function serveClusterMetrics(config: Config): Promise<string | undefined> {
  if (!metricsServed(config)) return undefined;
  const { clusterSource } = await import("../http/ops/cluster-metrics.js");
  const source = clusterSource();
  if (config.metricsPort === undefined) return undefined;
  try {
    return (await startMetricsServer(source, config.host, config.metricsPort)).address;
  } catch (error) {
    throw new ListenError(
      `metrics: cannot listen on port ${config.metricsPort}: ${(error as Error).message}`,
    );
  }
}
