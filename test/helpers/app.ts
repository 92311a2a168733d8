// build(t): an app over a fresh store holding the fixtures, closed when the test ends.
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDependencies } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NOW, loadFixtures } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

export const SITE_URL = "https://site.example.com";

export interface Built {
  app: FastifyInstance;
  store: PostStore;
  /** The store's DATABASE_URL, for a test that looks behind its back. */
  url: string;
}

/**
 * Every request takes one path, with or without per-client limiting; the suite runs both
 * ways (scripts/run-tests.js), limiting on at a limit the tests never reach.
 */
export const TEST_RATE_LIMIT = process.env.FOLIO_TEST_RATE_LIMIT ?? "0";

/**
 * Load shedding answers 503s whenever the machine is loaded (a suite running beside others,
 * an import in this process holding the event loop): off unless a test asks for it, as
 * protection.test.ts, the suite of shedding itself, does.
 */
export const NO_SHEDDING = { MAX_EVENT_LOOP_DELAY_MS: "0" };

export async function build(
  t: TestContext,
  factory: StoreFactory,
  env = {},
  extend?: AppDependencies["extend"],
  clock: () => number = () => NOW,
): Promise<Built> {
  const { store, url, dispose } = await factory.create();
  await loadFixtures(store);
  const defaults = { SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: TEST_RATE_LIMIT, ...NO_SHEDDING };
  const config = loadConfig({ ...defaults, ...env });
  const app = await buildApp({ config, store, clock, logger: false, extend });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  return { app, store, url };
}
