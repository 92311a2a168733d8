// build(t): an app over a fresh store holding the fixtures, closed when the test ends.
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDependencies } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NOW, loadFixtures } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

export const SITE_URL = "https://site.example.com";

export interface Built {
  app: FastifyInstance;
  store: PostStore;
}

/**
 * Every request takes one path, with or without per-client limiting; the suite runs both
 * ways (scripts/run-tests.js), limiting on at a limit the tests never reach.
 */
export const TEST_RATE_LIMIT = process.env.FOLIO_TEST_RATE_LIMIT ?? "0";

/**
 * For suites that import while the app serves: an import in this process holds the event
 * loop (SQLite is synchronous), which load shedding would answer with 503s on a loaded
 * machine. Shedding has its own suite (protection.test.ts).
 */
export const NO_SHEDDING = { MAX_EVENT_LOOP_DELAY_MS: "0" };

export async function build(
  t: TestContext,
  factory: StoreFactory,
  env = {},
  extend?: AppDependencies["extend"],
  clock: () => number = () => NOW,
): Promise<Built> {
  const { store, dispose } = await factory.create();
  await loadFixtures(store);
  const config = loadConfig({ SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: TEST_RATE_LIMIT, ...env });
  const app = await buildApp({ config, store, clock, logger: false, extend });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  return { app, store };
}
