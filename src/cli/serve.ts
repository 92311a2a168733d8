import { loadConfig } from "../config.js";
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
METRICS_PORT (unset: /metrics on PORT; set: only there).`,
  async run(args: string[]): Promise<number> {
    const { values } = parse(args, { "demo-if-empty": { type: "boolean" } }, 0);
    const config = loadConfig();
    const store = await openMigratedStore(config);
    try {
      if (values["demo-if-empty"] && (await store.countPosts()) === 0) {
        const demo = await loadDemo(store);
        console.log(`the store was empty: loaded the demo data set (${demo.written} records)`);
      }
      const server = await startServer(config, store);
      closeOnSignals(server);
      const tries = DEMO_EXAMPLES.map((path) => `  curl '${server.address}${path}'`);
      console.log(
        [
          `Folio is serving ${describeDatabase(config)} at ${server.address}`,
          "Try:",
          ...tries,
          `Docs: ${server.address}/docs  OpenAPI: ${server.address}/openapi.json`,
          `Metrics: ${server.metricsAddress ?? server.address}/metrics`,
        ].join("\n"),
      );
      return new Promise<number>(() => {});
    } catch (error) {
      await store.close();
      throw error;
    }
  },
};
