// API keys on the authoring routes, on every store: no key or a bad one is a 401
// with a Bearer challenge before the body is read; a revoked key stops working; writes are
// limited per key apart from reads; a key never reaches a log line.
import { strict as assert } from "node:assert";
import { Writable } from "node:stream";
import { describe, it } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { buildWithKeys, makeKey, sender } from "../helpers/authoring.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const AUTH_ROUTES = [
  ["GET", "/v1/posts"],
  ["HEAD", "/v1/posts"],
  ["GET", "/v1/me"],
  ["POST", "/v1/posts"],
  ["PUT", "/v1/posts/pst_1"],
  ["PUT", "/v1/posts/slug/hello-world"],
  ["DELETE", "/v1/posts/pst_1"],
  ["DELETE", "/v1/posts/slug/hello-world"],
] as const;

for (const factory of await storeFactories()) {
  describe(`API keys (${factory.name})`, () => {
    it("answers 401 with a Bearer challenge to every authoring route without a valid key", async (t) => {
      const { send, key } = await buildWithKeys(t, factory);
      const wrong = `folio_sk_${"A".repeat(43)}`;
      for (const [method, url] of AUTH_ROUTES) {
        for (const [presented, challenge] of [
          [null, 'Bearer realm="folio"'],
          [wrong, 'Bearer realm="folio", error="invalid_token"'],
          [`${key}x`, 'Bearer realm="folio", error="invalid_token"'],
        ] as const) {
          const res = await send({
            method,
            url,
            key: presented,
            body: method === "POST" ? "{" : undefined,
          });
          assert.equal(res.statusCode, 401, `${method} ${url}`);
          assert.equal(res.headers["www-authenticate"], challenge);
          if (method !== "HEAD") assert.equal(res.json<{ error: string }>().error, "unauthorized");
        }
      }
      const basic = await send({
        method: "GET",
        url: "/v1/me",
        key: null,
        headers: { authorization: `Basic ${key}` },
      });
      assert.equal(basic.statusCode, 401);
      const lower = await send({
        method: "GET",
        url: "/v1/me",
        key: null,
        headers: { authorization: `bearer ${key}` },
      });
      assert.equal(lower.statusCode, 200, "the scheme is case-insensitive");
    });

    it("stops a revoked key within the key cache's half second", async (t) => {
      const { app, store } = await buildWithKeys(t, factory);
      const { secret, record } = await makeKey(store, "pub_1");
      const send = sender(app, secret);
      assert.equal((await send({ method: "GET", url: "/v1/me" })).statusCode, 200);
      await store.revokeApiKey(record.id, Date.now());
      const revoked = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - revoked < 1000) {
        status = (await send({ method: "GET", url: "/v1/me" })).statusCode;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(status, 401);
    });

    it("stores the hash, never the key", async (t) => {
      const { store, key } = await buildWithKeys(t, factory);
      const listed = JSON.stringify(await store.listApiKeys());
      assert.ok(!listed.includes(key.slice(13)), "no part of the secret past its hint is stored");
      assert.match(listed, /"hash":"[0-9a-f]{64}"/);
    });

    it("limits writes per key, apart from reads and from other keys", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory, { WRITE_RATE_LIMIT: "3" });
      for (let i = 0; i < 3; i++) {
        const res = await send({
          method: "PUT",
          url: "/v1/posts/pst_bare",
          body: { title: `T${i}` },
        });
        assert.equal(res.statusCode, 200);
      }
      const over = await send({ method: "PUT", url: "/v1/posts/pst_bare", body: { title: "T" } });
      assert.equal(over.statusCode, 429);
      assert.equal(over.json<{ error: string }>().error, "rate_limited");
      assert.ok(Number(over.headers["retry-after"]) > 0);
      assert.equal(
        (await send({ method: "GET", url: "/v1/posts" })).statusCode,
        200,
        "reads go on",
      );
      const other = await send({
        method: "PUT",
        url: "/v1/posts/pst_unicode",
        key: otherKey,
        body: { title: "U" },
      });
      assert.equal(other.statusCode, 200, "another key has its own budget");
    });

    it("lets a browser preflight send the key and a JSON body", async (t) => {
      const { app } = await buildWithKeys(t, factory);
      const res = await app.inject({ method: "OPTIONS", url: "/v1/posts/pst_1" });
      assert.equal(res.statusCode, 204);
      assert.match(
        String(res.headers["access-control-allow-headers"]),
        /Authorization.*Content-Type.*If-Match/,
      );
      assert.equal(res.headers["access-control-allow-methods"], "GET, HEAD, PUT, DELETE, OPTIONS");
    });

    it("never writes a key to the log, whatever the request", async (t) => {
      const { store, dispose } = await factory.create();
      await loadFixtures(store);
      const { secret } = await makeKey(store, "pub_1");
      let logged = "";
      const stream = new Writable({
        write: (chunk, _e, done) => ((logged += String(chunk)), done()),
      });
      const config = loadConfig({ LOG_LEVEL: "trace", WRITE_RATE_LIMIT: "1" });
      const app = await buildApp({
        config,
        store,
        clock: () => NOW,
        logger: { level: "trace", stream },
      });
      t.after(async () => (await app.close(), await dispose()));
      const send = sender(app, secret);
      await send({ method: "POST", url: "/v1/posts", body: { title: "T", markdown: "x" } });
      await send({ method: "POST", url: "/v1/posts", body: { title: "T", markdown: "x" } });
      await send({ method: "PUT", url: "/v1/posts/nope", body: { title: secret } });
      await send({ method: "GET", url: `/v1/posts?cursor=${secret}` });
      await send({ method: "GET", url: "/v1/me", key: `${secret}x` });
      assert.ok(logged.length > 0, "the requests were logged");
      assert.ok(!logged.includes(secret.slice(9)), "the key appears in no log line");
    });
  });
}
