// Security headers on every kind of answer: successes, 304s, errors of every status.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { build } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";

const EXPECTED = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "cross-origin",
};

for (const factory of await storeFactories()) {
  describe(`security headers (${factory.name})`, () => {
    test("on 200, 304, 204, 400, 404, 405, 414, 429 and 503 alike; never X-Powered-By", async (t) => {
      const { app, store } = await build(t, factory, { RATE_LIMIT: "30" });
      const ok = await app.inject("/v1/posts/pst_1");
      const etag = String(ok.headers.etag);
      const requests = [
        [{ url: "/v1/posts/pst_1" }, 200],
        [{ url: "/v1/posts/pst_1", method: "HEAD" }, 200],
        [{ url: "/v1/posts/pst_1", headers: { "if-none-match": etag } }, 304],
        [{ url: "/v1/posts/pst_1", method: "OPTIONS" }, 204],
        [{ url: "/v1/posts/%zz" }, 400],
        [{ url: "/v1/posts/pst_1?includeContent=maybe" }, 400],
        [{ url: "/v1/posts/pst_draft" }, 404],
        [{ url: "/nowhere" }, 404],
        [{ url: "/v1/posts/pst_1", method: "PATCH" }, 405],
        [{ url: `/v1/posts/${"a".repeat(9000)}` }, 414],
      ] as const;
      for (const [request, status] of requests) {
        const res = await app.inject(request);
        assert.equal(res.statusCode, status, JSON.stringify(request).slice(0, 80));
        for (const [name, value] of Object.entries(EXPECTED)) {
          assert.equal(res.headers[name], value, `${name} on ${status}`);
        }
        assert.equal(res.headers["x-powered-by"], undefined);
      }
      let limited;
      do limited = await app.inject({ url: "/v1/posts/pst_1", remoteAddress: "10.9.9.9" });
      while (limited.statusCode === 200);
      assert.equal(limited.statusCode, 429);
      for (const [name, value] of Object.entries(EXPECTED))
        assert.equal(limited.headers[name], value);
      await store.close();
      const down = await app.inject({ url: "/v1/posts/pst_bare", remoteAddress: "10.8.8.8" });
      assert.equal(down.statusCode, 503);
      for (const [name, value] of Object.entries(EXPECTED)) assert.equal(down.headers[name], value);
    });

    test("a route serving HTML may set its own Content-Security-Policy", async (t) => {
      const { app } = await build(t, factory);
      const policy = "default-src 'self'; script-src 'self'";
      app.get("/page", async (_request, reply) =>
        reply.header("content-security-policy", policy).type("text/html").send("<p>hi</p>"),
      );
      const res = await app.inject("/page");
      assert.equal(res.headers["content-security-policy"], policy);
      assert.equal(res.headers["x-content-type-options"], "nosniff");
    });
  });
}
