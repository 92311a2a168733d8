// Contract section 3: invisible posts answer exactly like posts that never existed.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { build, NO_SHEDDING } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";

/**
 * Everything but the request id, which differs per request by design, and the client's own
 * rate-limit budget, which counts down with each request whatever it asked for.
 */
function comparable(res: LightMyRequestResponse) {
  const headers = { ...res.headers };
  for (const name of ["x-request-id", "date", "ratelimit-remaining", "ratelimit-reset"]) {
    delete headers[name];
  }
  return { status: res.statusCode, headers, body: { ...res.json(), requestId: undefined } };
}

const INVISIBLE = [
  ["draft", "/v1/posts/pst_draft", "/v1/publications/slug/blog/posts/slug/draft"],
  ["archived", "/v1/posts/pst_archived", "/v1/publications/slug/blog/posts/slug/archived"],
  ["scheduled", "/v1/posts/pst_future", "/v1/publications/slug/blog/posts/slug/future"],
  ["unknown publication", "/v1/posts/nope", "/v1/publications/slug/nope/posts/slug/hello-world"],
  ["wrong publication", "/v1/posts/nope", "/v1/publications/slug/Other-Pub/posts/slug/hello-world"],
] as const;

for (const factory of await storeFactories()) {
  describe(`visibility (${factory.name})`, () => {
    for (const [kind, byId, bySlug] of INVISIBLE) {
      test(`a ${kind} post is a 404 identical to a missing one`, async (t) => {
        const { app } = await build(t, factory);
        const missing = comparable(await app.inject("/v1/posts/never-existed"));
        assert.equal(missing.status, 404);
        for (const url of [
          byId,
          bySlug,
          `${byId}?includeContent=true`,
          `${bySlug}?includeContent=1`,
        ]) {
          const res = await app.inject(url);
          assert.deepEqual(comparable(res), missing, url);
          assert.doesNotMatch(res.body, /Secret|secret|Soon|Old/);
        }
      });
    }

    test("a scheduled post appears once its time has come", async (t) => {
      const { store } = await build(t, factory);
      const { buildApp } = await import("../../src/app.js");
      const { loadConfig } = await import("../../src/config/index.js");
      const later = await buildApp({
        // Not shedding load: a 503 on a busy machine is not what this test is about.
        config: loadConfig({ LOG_LEVEL: "silent", ...NO_SHEDDING }),
        store,
        clock: () => Date.UTC(2030, 0, 1),
        logger: false,
      });
      t.after(() => later.close());
      assert.equal((await later.inject("/v1/posts/pst_future")).statusCode, 200);
      assert.equal((await later.inject("/v1/posts/pst_draft")).statusCode, 404);
    });
  });
}
