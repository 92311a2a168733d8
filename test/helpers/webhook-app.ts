// An app over a fresh store holding the fixtures, with real API keys for /v1/webhooks, real
// clock, webhook timers short.
import type { TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { makeKey } from "./authoring.js";
import { loadFixtures } from "./fixtures.js";
import { TEST_RATE_LIMIT } from "./app.js";
import type { StoreFactory } from "./stores.js";
import { FAST_WEBHOOKS } from "./webhook-receiver.js";

/** The keys of the last app built: `key-1` is pub_1's, `key-2` pub_2's (tests run in turn). */
const KEYS = new Map<string, string>();
export const bearer = (name: string) => ({
  authorization: `Bearer ${KEYS.get(name) ?? `folio_not_a_key_${name}`}`,
});

export async function buildWithWebhooks(t: TestContext, factory: StoreFactory, env = {}) {
  const { store, dispose } = await factory.create();
  await loadFixtures(store);
  KEYS.set("key-1", (await makeKey(store, "pub_1")).secret);
  KEYS.set("key-2", (await makeKey(store, "pub_2")).secret);
  // Shedding off: on a loaded test machine building an app alone can stall the loop a
  // second, and these suites are about webhooks, not about load (http/protection.test.ts).
  const config = loadConfig({
    ...{ LOG_LEVEL: "silent", RATE_LIMIT: TEST_RATE_LIMIT, MAX_EVENT_LOOP_DELAY_MS: "0" },
    ...FAST_WEBHOOKS,
    ...env,
  });
  const app = await buildApp({ config, store, logger: false });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  await app.ready();
  return { app, store };
}
