// build(t): an app over a fresh store holding the fixtures, closed when the test ends.
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NOW, loadFixtures } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

export const SITE_URL = "https://site.example.com";

export interface Built {
  app: FastifyInstance;
  store: PostStore;
}

export async function build(t: TestContext, factory: StoreFactory, env = {}): Promise<Built> {
  const { store, dispose } = await factory.create();
  await loadFixtures(store);
  // Limiting has its own suite; elsewhere its counters would make equal answers differ.
  const config = loadConfig({ SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: "0", ...env });
  const app = await buildApp({ config, store, clock: () => NOW, logger: false });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  return { app, store };
}
