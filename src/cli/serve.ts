import { loadConfig } from "../config.js";
import { closeOnSignals, startServer, type RunningServer } from "../server.js";
import { openStore } from "../store/open-store.js";
import { StartingStore } from "../store/starting-store.js";
import { StoreUnavailableError } from "../errors.js";
import { parse } from "./args.js";
import { DEMO_EXAMPLES, loadDemo } from "./demo.js";
import { describeDatabase } from "./store.js";

export const serveCommand = {
  summary: "serve the read API (migrates the store first)",
  help: `Usage: folio serve [--demo-if-empty]

Migrates the store, then serves GET /v1/posts/{postId} and
GET /v1/publications/slug/{publicationSlug}/posts/slug/{postSlug} on HOST:PORT.

  --demo-if-empty   load the bundled demo data set when the store has no posts

Environment: DATABASE_URL (default ./data/folio.db), PORT (8080), HOST (127.0.0.1),
SITE_URL (http://localhost:8080), LOG_LEVEL (info), RATE_LIMIT (per minute; 0 = off).`,
  async run(args: string[]): Promise<number> {
    const { values } = parse(args, { "demo-if-empty": { type: "boolean" } }, 0);
    const config = loadConfig();
    const store = new StartingStore(await openStore(config.database));
    const log = (line: string) => console.error(`folio: ${line}`);
    const afterStart = async () => {
      if (values["demo-if-empty"] && (await store.countPosts()) === 0) {
        const demo = await loadDemo(store);
        console.log(`the store was empty: loaded the demo data set (${demo.written} records)`);
      }
    };
    let server: RunningServer | undefined;
    try {
      // One quick attempt first, so a reachable store is ready before the first request.
      const ready = await store.start({ log, maxAttempts: 1 }).catch((error: unknown) => {
        if (!(error instanceof StoreUnavailableError)) throw error;
        log(`${error.message}; serving 503 unavailable until the store is reached`);
        return false;
      });
      if (ready) await afterStart();
      const running = (server = await startServer(config, store));
      closeOnSignals(running);
      const tries = DEMO_EXAMPLES.map((path) => `  curl '${running.address}${path}'`);
      console.log(
        [
          `Folio is serving ${describeDatabase(config)} at ${running.address}`,
          "Try:",
          ...tries,
        ].join("\n"),
      );
      if (!ready) keepStarting(store, running, log, afterStart);
      return new Promise<number>(() => {});
    } catch (error) {
      await (server?.close() ?? store.close());
      throw error;
    }
  },
};

/** Serves 503s while the store is out of reach; a schema too new ends the process. */
function keepStarting(
  store: StartingStore,
  server: RunningServer,
  log: (line: string) => void,
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
