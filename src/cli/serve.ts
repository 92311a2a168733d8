import { loadConfig, type Config } from "../config.js";
import { forkWorkers, isWorker } from "../workers.js";
import { closeOnSignals, startServer } from "../server.js";
import { parse } from "./args.js";
import { DEMO_EXAMPLES, loadDemo } from "./demo.js";
import { describeDatabase, openMigratedStore } from "./store.js";

export const serveCommand = {
  summary: "serve the read API (migrates the store first)",
  help: `Usage: folio serve [--demo-if-empty]

Migrates the store, then serves GET /v1/posts/{postId} and
GET /v1/publications/slug/{publicationSlug}/posts/slug/{postSlug} on HOST:PORT.

  --demo-if-empty   load the bundled demo data set when the store has no posts

Environment: DATABASE_URL (default ./data/folio.db), PORT (8080), HOST (127.0.0.1),
SITE_URL (http://localhost:8080), LOG_LEVEL (info), RATE_LIMIT (per minute; 0 = off),
FOLIO_WORKERS (1; a number or auto: worker processes sharing the port),
METRICS_PORT (unset: /metrics on PORT; set: only there).`,
  async run(args: string[]): Promise<number> {
    const { values } = parse(args, { "demo-if-empty": { type: "boolean" } }, 0);
    const config = loadConfig();
    const store = await openMigratedStore(config);
    try {
      if (!isWorker() && values["demo-if-empty"] && (await store.countPosts()) === 0) {
        const demo = await loadDemo(store);
        console.log(`the store was empty: loaded the demo data set (${demo.written} records)`);
      }
      if (config.workers > 1 && !isWorker()) {
        await store.close();
        const pool = forkWorkers(config.workers, (line) => console.error(`folio: ${line}`));
        // Each worker has its own metrics; with METRICS_PORT they share that port too.
        const metrics = config.metricsPort && `http://${config.host}:${config.metricsPort}`;
        announce(
          config,
          `${await pool.address} with ${config.workers} workers`,
          metrics || undefined,
        );
        return new Promise<number>(() => {});
      }
      const server = await startServer(config, store);
      closeOnSignals(server);
      if (!isWorker()) announce(config, server.address, server.metricsAddress);
      return new Promise<number>(() => {});
    } catch (error) {
      await store.close();
      throw error;
    }
  },
};

function announce(config: Config, where: string, metricsAddress?: string): void {
  const base = where.split(" ")[0];
  const tries = DEMO_EXAMPLES.map((path) => `  curl '${base}${path}'`);
  console.log(
    [
      `Folio is serving ${describeDatabase(config)} at ${where}`,
      "Try:",
      ...tries,
      `Docs: ${base}/docs  OpenAPI: ${base}/openapi.json`,
      `Metrics: ${metricsAddress ?? base}/metrics`,
    ].join("\n"),
  );
}
