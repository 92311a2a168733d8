// Contract section 4: a bug is a 500 that tells nothing; a store that cannot answer is a 503.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING } from "../helpers/app.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: "warn", stream } };
}

for (const factory of await storeFactories()) {
  describe(`failures (${factory.name})`, () => {
    test("a bug is a 500 envelope without details, logged with the request id", async (t) => {
      const { store, dispose } = await factory.create();
      await loadFixtures(store);
      const broken: PostStore = Object.create(store, {
        findStoredById: {
          value: async () => {
            throw new Error("secret detail /srv/folio/db.ts:42");
          },
        },
      });
      const sink = logSink();
      const app = await buildApp({
        config: loadConfig(NO_SHEDDING),
        store: broken,
        logger: sink.logger,
      });
      t.after(async () => (await app.close(), await dispose()));
      const res = await app.inject({
        url: "/v1/posts/pst_1",
        headers: { "x-request-id": "req-500" },
      });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), {
        success: false,
        msg: "Internal server error",
        error: "internal",
        requestId: "req-500",
      });
      assert.equal(res.headers["cache-control"], "no-store");
      assert.doesNotMatch(res.body + JSON.stringify(res.headers), /secret|srv|stack/);
      const logged = sink.lines.join("");
      assert.match(logged, /secret detail/);
      assert.match(logged, /req-500/);
    });

    test("a store that cannot answer is a 503 with Retry-After, and other routes still work", async (t) => {
      const { store, dispose } = await factory.create();
      await loadFixtures(store);
      const app = await buildApp({ config: loadConfig(NO_SHEDDING), store, logger: false });
      t.after(async () => (await app.close(), await dispose()));
      await store.close();
      const res = await app.inject("/v1/posts/pst_1");
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, "unavailable");
      assert.match(String(res.headers["retry-after"]), /^\d+$/);
      assert.equal((await app.inject("/nowhere")).statusCode, 404);
    });
  });
}
