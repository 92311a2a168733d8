// Routes declare their methods; 405, Allow and CORS preflights follow per path. And the one
// request path: a route-level hook runs for every request to its route, plain GETs included.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Fastify from "fastify";
import { build } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";
import { RouteTable } from "../../src/http/edge/route-table.js";
import { handleError } from "../../src/http/edge/errors.js";
import { POST_BY_ID } from "../../src/http/reads/index.js";

async function tableApp() {
  const app = Fastify();
  app.setErrorHandler(handleError);
  const routes = new RouteTable();
  routes.watch(app);
  app.get("/things/:id", async () => ({ read: true }));
  app.put("/things/:id", { config: { auth: true } }, async () => ({ wrote: true }));
  app.get("/plain", async () => ({ plain: true }));
  routes.complete(app);
  await app.ready();
  return app;
}

describe("route table", () => {
  test("405 lists exactly the methods the path declares", async () => {
    const app = await tableApp();
    const del = await app.inject({ method: "DELETE", url: "/things/1" });
    assert.equal(del.statusCode, 405);
    assert.equal(del.headers.allow, "GET, HEAD, PUT, OPTIONS");
    assert.equal(del.json().error, "method_not_allowed");
    const put = await app.inject({ method: "PUT", url: "/plain", payload: {} });
    assert.equal(put.headers.allow, "GET, HEAD, OPTIONS");
    assert.equal((await app.inject({ method: "PUT", url: "/things/1" })).json().wrote, true);
  });

  test("a preflight allows the key and body headers only where a route takes them", async () => {
    const app = await tableApp();
    const preflight = (url: string) =>
      app.inject({ method: "OPTIONS", url, headers: { "access-control-request-method": "PUT" } });
    const write = await preflight("/things/1");
    assert.equal(write.statusCode, 204);
    assert.equal(write.headers["access-control-allow-methods"], "GET, HEAD, PUT, OPTIONS");
    const headers = String(write.headers["access-control-allow-headers"]).split(", ");
    for (const h of ["Authorization", "Content-Type", "If-Match", "Idempotency-Key"]) {
      assert.ok(headers.includes(h), h);
    }
    const read = String((await preflight("/plain")).headers["access-control-allow-headers"]);
    assert.ok(!read.includes("Authorization"), read);
  });
});

for (const factory of await storeFactories()) {
  describe(`one request path (${factory.name})`, () => {
    test("a route-level hook runs for every request to the route, over real HTTP", async (t) => {
      let calls = 0;
      const { app } = await build(t, factory, {}, (app) => {
        app.addHook("onRoute", (route) => {
          if (route.url !== POST_BY_ID) return;
          const stand_in = async (request: { headers: Record<string, unknown> }) => {
            calls++;
            if (request.headers["x-test-key"] !== "let-me-in") {
              throw Object.assign(new Error("no key"), { statusCode: 401 });
            }
          };
          route.onRequest = [stand_in, ...[route.onRequest ?? []].flat()];
        });
      });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const N = 200;
      const statuses: number[] = [];
      for (let i = 0; i < N; i++) {
        const headers: Record<string, string> = i % 2 === 0 ? { "x-test-key": "let-me-in" } : {};
        const query = i % 4 < 2 ? "" : "?includeContent=true";
        statuses.push((await fetch(`${base}/v1/posts/pst_1${query}`, { headers })).status);
      }
      assert.equal(calls, N, "the hook ran once per request");
      assert.equal(statuses.filter((s) => s === 200).length, N / 2);
      assert.equal(statuses.filter((s) => s !== 200).length, N / 2);
    });
  });
}
