// Apps for the authoring suites: the fixtures, a key for pub_1 and one for pub_2, and a
// request helper that sends JSON bodies with a key.
import type { TestContext } from "node:test";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { newApiKey } from "../../src/posts/api-keys.js";
import type { PostStore } from "../../src/store/post-store.js";
import { TEST_RATE_LIMIT, build, type Built } from "./app.js";
import { NOW, loadFixtures } from "./fixtures.js";
import type { StoreFactory } from "./stores.js";

/**
 * No per-key write limit unless a test sets one; no load shedding: on a busy machine the
 * first document a process renders can stall its event loop past the shedding threshold,
 * and these suites test behaviour, not load (the protection suite tests shedding).
 */
const QUIET = { WRITE_RATE_LIMIT: "0", MAX_EVENT_LOOP_DELAY_MS: "0" };

export interface WithKeys extends Built {
  /** pub_1's key. */
  key: string;
  /** pub_2's key. */
  otherKey: string;
  send: (request: Send) => Promise<LightMyRequestResponse>;
}

export interface Send {
  method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
  url: string;
  body?: unknown;
  key?: string | null;
  headers?: Record<string, string>;
}

export async function makeKey(store: PostStore, publicationId: string, now = Date.now()) {
  const { secret, record } = newApiKey(publicationId, "test", now);
  await store.createApiKey(record);
  return { secret, record };
}

export async function buildWithKeys(
  t: TestContext,
  factory: StoreFactory,
  env = {},
): Promise<WithKeys> {
  const built = await build(t, factory, { ...QUIET, ...env });
  const key = (await makeKey(built.store, "pub_1")).secret;
  const otherKey = (await makeKey(built.store, "pub_2")).secret;
  return { ...built, key, otherKey, send: sender(built.app, key) };
}

/** Sends with the given key (pub_1's by default; null for none), bodies as JSON. */
export function sender(app: FastifyInstance, defaultKey: string) {
  return ({ method, url, body, key = defaultKey, headers = {} }: Send) =>
    app.inject({
      method,
      url,
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

/** An app whose clock the test moves: `clock.now` is what the app believes the time is. */
export async function buildWithClock(t: TestContext, factory: StoreFactory, env = {}) {
  const { store, dispose } = await factory.create();
  await loadFixtures(store);
  const clock = { now: NOW };
  const config = loadConfig({
    LOG_LEVEL: "silent",
    RATE_LIMIT: TEST_RATE_LIMIT,
    ...QUIET,
    ...env,
  });
  const app = await buildApp({ config, store, clock: () => clock.now, logger: false });
  t.after(async () => {
    await app.close();
    await dispose();
  });
  const key = (await makeKey(store, "pub_1")).secret;
  return { app, store, clock, send: sender(app, key) };
}
