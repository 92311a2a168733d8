// /healthz and /readyz: what an orchestrator sees, healthy or not.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { registerProtection } from "../../src/http/edge/protection.js";
import { handleError } from "../../src/http/edge/errors.js";
import Fastify from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { AppMetrics } from "../../src/http/edge/metrics.js";
import { localSource } from "../../src/http/ops/cluster-metrics.js";
import { opsRoutes } from "../../src/http/ops/routes.js";
import type { PostStore } from "../../src/store/post-store.js";
import { build, NO_SHEDDING } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";

const EMPTY_STATS = { hits: 0, misses: 0, evictions: 0, bytes: 0, entries: 0, held: 0 };

for (const factory of await storeFactories()) {
  describe(`health (${factory.name})`, () => {
    test("/healthz: alive, JSON, never cached, with the common headers", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject({ url: "/healthz", headers: { "x-request-id": "probe-1" } });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { status: "ok" });
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
      assert.equal(res.headers["cache-control"], "no-store");
      assert.equal(res.headers["access-control-allow-origin"], "*");
      assert.equal(res.headers["x-request-id"], "probe-1");
    });

    test("/readyz: ready when the store answers at the latest schema", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject("/readyz");
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        status: "ready",
        checks: { store: "ok", schema: "ok", load: "ok" },
      });
      assert.equal(res.headers["cache-control"], "no-store");
    });

    test("/readyz: 503 naming the store when it cannot answer; /healthz still 200", async (t) => {
      const { app, store } = await build(t, factory);
      await store.close();
      const res = await app.inject("/readyz");
      assert.equal(res.statusCode, 503);
      const body = res.json<{ status: string; checks: Record<string, string> }>();
      assert.equal(body.status, "unavailable");
      assert.equal(body.checks.store, "unreachable");
      assert.equal(body.checks.load, "ok");
      assert.match(String(res.headers["retry-after"]), /^\d+$/);
      assert.equal(res.headers["cache-control"], "no-store");
      assert.equal((await app.inject("/healthz")).statusCode, 200);
    });

    test("/readyz: 503 naming the schema when the store is behind this code", async (t) => {
      const { store, dispose } = await factory.create();
      const behind: PostStore = Object.create(store, {
        schemaState: { value: async () => ({ current: 1, latest: 2 }) },
      });
      // Without shedding: a busy machine would add `load: overloaded` to the schema's refusal.
      const config = loadConfig(NO_SHEDDING);
      const app = await buildApp({ config, store: behind, logger: false });
      t.after(async () => (await app.close(), await dispose()));
      const res = await app.inject("/readyz");
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json().checks, {
        store: "ok",
        schema: "at version 1, expected 2",
        load: "ok",
      });
    });

    test("/readyz: 503 naming the load while the app sheds it", async (t) => {
      const { app } = await build(t, factory);
      let pressure = true;
      // protection.ts has decorated it already; stand in for the event-loop monitor.
      app.isUnderPressure = () => pressure;
      const shedding = await app.inject("/readyz");
      assert.equal(shedding.statusCode, 503);
      assert.equal(shedding.json().checks.load, "overloaded");
      pressure = false;
      assert.equal((await app.inject("/readyz")).statusCode, 200);
    });

    test("health and metrics are exempt from rate limiting; other routes are not", async (t) => {
      const { store, dispose } = await factory.create();
      const app = Fastify();
      t.after(async () => (await app.close(), await dispose()));
      app.setErrorHandler(handleError);
      registerProtection(app, { rateLimit: 1, maxEventLoopDelayMs: 0 });
      const metrics = new AppMetrics(() => EMPTY_STATS);
      await app.register(opsRoutes, { store, metrics: localSource(metrics.registry) });
      app.get("/limited", async () => "ok");
      for (let i = 0; i < 3; i++) {
        for (const url of ["/healthz", "/readyz", "/metrics"]) {
          assert.equal((await app.inject(url)).statusCode, 200, `${url} #${i + 1}`);
        }
      }
      assert.equal((await app.inject("/limited")).statusCode, 200);
      assert.equal((await app.inject("/limited")).statusCode, 429);
    });
  });
}
