// Two nodes on one database, on every store: two apps, each with its own store
// connection(s), cache and key cache, as two servers would have. A write on one is served
// by the other within a second; a revocation is refused by the other within a second; one
// Idempotency-Key raced from both creates one post; a scheduled post goes live on both at
// its time with no write.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { makeKey, sender } from "../helpers/authoring.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { openSecond } from "../helpers/store-tools.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

const CONFIG = { LOG_LEVEL: "silent", WRITE_RATE_LIMIT: "0", MAX_EVENT_LOOP_DELAY_MS: "0" };

/** Milliseconds until `check` holds, polling; Infinity if it does not within `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>, from = performance.now()) {
  while (performance.now() - from < limitMs) {
    if (await check()) return performance.now() - from;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return (await check()) ? performance.now() - from : Infinity;
}

for (const factory of await storeFactories()) {
  describe(`two nodes, one database (${factory.name})`, () => {
    let db: TestStore;
    let second: PostStore;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let key: string;
    before(async () => {
      db = await factory.create();
      await loadFixtures(db.store);
      second = await openSecond(db.url);
      const config = loadConfig(CONFIG);
      a = await buildApp({ config, store: db.store, logger: false });
      b = await buildApp({ config, store: second, logger: false });
      key = (await makeKey(db.store, "pub_1")).secret;
    });
    after(async () => {
      await Promise.all([a.close(), b.close()]);
      await second.close();
      await db.dispose();
    });

    it("serves a write's new version on the other node within a second", async (t) => {
      const title = async () => (await b.inject("/v1/posts/pst_1")).json<{ title: string }>().title;
      assert.equal(await title(), "Hello", "the other node holds the old version in its cache");
      const res = await sender(
        a,
        key,
      )({ method: "PUT", url: "/v1/posts/pst_1", body: { title: "Hello, nodes" } });
      assert.equal(res.statusCode, 200);
      const delay = await within(1000, async () => (await title()) === "Hello, nodes");
      t.diagnostic(`seen after ${delay.toFixed(0)} ms`);
      assert.ok(Number.isFinite(delay), "the other node still served the old version after 1 s");
    });

    it("drops the other node's cached lists, feed and search within a second of a write", async (t) => {
      const urls = [
        "/v1/publications/pub_1/posts",
        "/v1/posts/tag/nodes-tag",
        "/v1/posts/feed",
      ].concat(["/v1/discover/search?q=zeppelinwords"]);
      const titles = async (url: string) => {
        const res = await b.inject(url);
        assert.equal(res.statusCode, 200, url);
        // Lists answer `{ items }`; a search answers its hits as an array.
        const body = res.json<{ items: unknown[] } | unknown[]>();
        return (Array.isArray(body) ? body : body.items).map((item) => JSON.stringify(item));
      };
      const shows = async (url: string) => (await titles(url)).some((i) => i.includes("Zeppelin"));
      for (const url of urls) assert.equal(await shows(url), false, `${url}, cached on b`);
      const body = { title: "Zeppelin zeppelinwords", markdown: "z", categories: "nodes-tag" };
      const res = await sender(a, key)({ method: "POST", url: "/v1/posts", body });
      assert.equal(res.statusCode, 200);
      const delays = await Promise.all(urls.map((url) => within(1000, () => shows(url))));
      t.diagnostic(`lists current after ${delays.map((d) => `${d.toFixed(0)} ms`).join(", ")}`);
      assert.ok(delays.every(Number.isFinite), `a list on the other node was stale after 1 s`);
    });

    it("refuses a revoked key on the other node within a second", async (t) => {
      const { secret, record } = await makeKey(db.store, "pub_1");
      const onB = sender(b, secret);
      assert.equal(
        (await onB({ method: "GET", url: "/v1/me" })).statusCode,
        200,
        "known to the other node",
      );
      await a.inject({
        method: "GET",
        url: "/v1/me",
        headers: { authorization: `Bearer ${secret}` },
      });
      await db.store.revokeApiKey(record.id, Date.now());
      const delay = await within(
        1000,
        async () => (await onB({ method: "GET", url: "/v1/me" })).statusCode === 401,
      );
      t.diagnostic(`refused after ${delay.toFixed(0)} ms`);
      assert.ok(Number.isFinite(delay), "the other node still took the key after 1 s");
    });

    it("creates one post when one Idempotency-Key races from both nodes", async () => {
      for (let round = 0; round < 3; round++) {
        const before = await db.store.countPosts();
        const headers = { "idempotency-key": `race-${factory.name}-${round}` };
        const body = { title: `Raced ${round}`, markdown: "once" };
        const answers = await Promise.all(
          [a, b, a, b].map((app) =>
            sender(app, key)({ method: "POST", url: "/v1/posts", body, headers }),
          ),
        );
        assert.deepEqual(
          answers.map((r) => r.statusCode),
          [200, 200, 200, 200],
        );
        assert.equal(new Set(answers.map((r) => r.json<{ id: string }>().id)).size, 1);
        assert.equal(await db.store.countPosts(), before + 1);
      }
    });

    it("shows a scheduled post on both nodes at its time, with no write then", async (t) => {
      const at = Date.now() + 1500;
      const body = { title: "At its time", markdown: "now", scheduledAt: at };
      const created = await sender(a, key)({ method: "POST", url: "/v1/posts", body });
      const { id, status } = created.json<{ id: string; status: string }>();
      assert.equal(status, "scheduled");
      const visible = async (app: FastifyInstance) =>
        (await app.inject(`/v1/posts/${id}`)).statusCode === 200;
      // Both nodes answer (and cache) "not found" first.
      assert.deepEqual([await visible(a), await visible(b)], [false, false]);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() - 300)));
      assert.deepEqual([await visible(a), await visible(b)], [false, false], "not before its time");
      const start = performance.now() + Math.max(0, at - Date.now());
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      const delays = await Promise.all(
        [a, b].map((app) => within(1000, () => visible(app), start)),
      );
      t.diagnostic(`live after ${delays.map((d) => `${d.toFixed(0)} ms`).join(", ")}`);
      assert.ok(
        delays.every(Number.isFinite),
        "a node did not show the post within 1 s of its time",
      );
    });
  });
}
