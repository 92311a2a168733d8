// Logs: one JSON line per request with what an operator filters on; a 500 with its stack.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, test, type TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING } from "../helpers/app.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { serve } from "../helpers/served.js";
import { storeFactories, type StoreFactory } from "../helpers/stores.js";

type Line = Record<string, unknown> & { msg: string; level: number; reqId?: string };

async function logged(t: TestContext, factory: StoreFactory, wrap?: (s: PostStore) => PostStore) {
  const { store, dispose } = await factory.create();
  await loadFixtures(store);
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  // A busy machine must not shed these requests: the lines of their answers are the subject.
  const config = loadConfig(NO_SHEDDING);
  const app = await buildApp({
    config,
    store: wrap ? wrap(store) : store,
    clock: () => NOW,
    logger: { level: "info", stream },
  });
  t.after(async () => (await app.close(), await dispose()));
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  return { app, lines };
}

for (const factory of await storeFactories()) {
  describe(`request logs (${factory.name})`, () => {
    test("one info line per request: id, method, route, status, duration, cache", async (t) => {
      const { app, lines } = await logged(t, factory);
      await app.inject({ url: "/v1/posts/pst_1", headers: { "x-request-id": "r-1" } });
      await app.inject({ url: "/v1/posts/pst_1", headers: { "x-request-id": "r-2" } });
      await app.inject({ url: "/nowhere/at/all", headers: { "x-request-id": "r-3" } });
      await app.inject({ method: "HEAD", url: "/healthz", headers: { "x-request-id": "r-4" } });
      const requests = lines();
      assert.deepEqual(
        requests.map((l) => l.reqId),
        ["r-1", "r-2", "r-3", "r-4"],
      );
      for (const line of requests) {
        assert.equal(line.msg, "request");
        assert.equal(line.level, 30);
        assert.equal(typeof line.ms, "number");
        assert.ok((line.ms as number) >= 0);
      }
      const pick = (l: Line) => [l.method, l.route, l.status, l.cache];
      assert.deepEqual(requests.map(pick), [
        ["GET", "/v1/posts/:postId", 200, "miss"],
        ["GET", "/v1/posts/:postId", 200, "hit"],
        ["GET", "(unmatched)", 404, undefined],
        ["HEAD", "/healthz", 200, undefined],
      ]);
    });

    test("a 500 is logged at error with its stack and the request id", async (t) => {
      const { app, lines } = await logged(t, factory, (store) =>
        Object.create(store, {
          findStoredById: {
            value: async () => {
              throw new Error("boom in the store");
            },
          },
        }),
      );
      const res = await app.inject({
        url: "/v1/posts/pst_1",
        headers: { "x-request-id": "r-500" },
      });
      assert.equal(res.statusCode, 500);
      const errors = lines().filter((l) => l.level === 50);
      assert.equal(errors.length, 1);
      const err = errors[0]!.err as { stack: string; message: string };
      assert.equal(errors[0]!.reqId, "r-500");
      assert.equal(err.message, "boom in the store");
      assert.match(err.stack, /Error: boom in the store\n\s+at /);
      const request = lines().filter((l) => l.msg === "request");
      assert.deepEqual(
        request.map((l) => [l.reqId, l.status]),
        [["r-500", 500]],
      );
    });
  });
}

test("folio serve writes JSON lines off a terminal, flushed when it stops", async (t) => {
  const { base, server } = await serve(t, { env: { LOG_LEVEL: "info" } });
  const res = await fetch(`${base}/v1/posts/pst_welcome`, { headers: { "x-request-id": "e2e-1" } });
  assert.equal(res.status, 200);
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
  const line = server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line)
    .find((l) => l.reqId === "e2e-1");
  assert.ok(line, server.output());
  assert.equal(line.route, "/v1/posts/:postId");
  assert.equal(line.status, 200);
  assert.equal(line.cache, "miss");
});
