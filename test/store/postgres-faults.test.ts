// PostgreSQL going away under a running node, and not being there when it starts: the node
// answers 503 unavailable with Retry-After meanwhile, and recovers by itself, no restart.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { DEFAULT_POSTGRES_SETTINGS, loadConfig } from "../../src/config/index.js";
import { StoreUnavailableError } from "../../src/errors.js";
import type { PostStore } from "../../src/store/post-store.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { StartingStore } from "../../src/store/starting-store.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { PG_TEST_URL, createDatabase, dropDatabase } from "../helpers/postgres.js";
import { covers, importLines, noticeCollector } from "../helpers/store-tools.js";
import { postgresFactory, storeFactories, type TestStore } from "../helpers/stores.js";
import { TcpProxy } from "../helpers/tcp-proxy.js";

const server = new URL(PG_TEST_URL);
const settings = { ...DEFAULT_POSTGRES_SETTINGS, statementTimeoutMs: 2000 };

async function appOver(store: PostStore): Promise<FastifyInstance> {
  // Shedding off: a 503 here must be the store's, not a loaded machine's.
  const config = loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT: "0", MAX_EVENT_LOOP_DELAY_MS: "0" });
  return buildApp({ config, store, clock: () => NOW, logger: false });
}

/** Asks until the answer is `status`; the bound only stops a broken test from hanging. */
async function eventually(app: FastifyInstance, url: string, status: number) {
  for (const deadline = Date.now() + 20_000; ;) {
    const response = await app.inject({ url });
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function assertUnavailable(response: Awaited<ReturnType<FastifyInstance["inject"]>>) {
  assert.equal(response.statusCode, 503);
  assert.equal(response.json().error, "unavailable");
  assert.ok(Number(response.headers["retry-after"]) > 0);
}

const usable = (await storeFactories()).some((f) => f.name === "postgres");

describe("PostgreSQL faults", { skip: !usable && "PostgreSQL not reachable" }, () => {
  const proxy = new TcpProxy(server.hostname, Number(server.port || 5432));
  before(() => proxy.open());
  after(() => proxy.cut());

  describe("lost while serving", () => {
    let direct: TestStore;
    let store: PostStore;
    let app: FastifyInstance;
    before(async () => {
      direct = await postgresFactory.create();
      await loadFixtures(direct.store);
      store = openPostgresStore({ ...settings, url: proxy.urlFor(direct.url) });
      app = await appOver(store);
    });
    after(async () => {
      await app.close();
      await store.close();
      await direct.dispose();
    });

    it("answers 503 while cut off, then 200 again by itself", async () => {
      assert.equal((await app.inject({ url: "/v1/posts/pst_1" })).statusCode, 200);
      const watching = noticeCollector();
      const stop = await store.watchChanges(watching.listener);
      await proxy.cut();
      // Posts not asked for before, so no cache in front of the store can answer them.
      for (const id of ["pst_bare", "pst_unicode", "Pst_Case"]) {
        assertUnavailable(await app.inject({ url: `/v1/posts/${id}` }));
      }
      await assert.rejects(store.ping(), StoreUnavailableError);
      await proxy.open();
      assert.equal((await eventually(app, "/v1/posts/pst_bare", 200)).statusCode, 200);
      await store.ping();
      // The notices connection came back too: it says "everything", then hears new writes. Its
      // next attempt may be a capped backoff (5 s) plus a connect timeout (5 s) after the cut
      // ends: the check is that it comes back by itself, not how soon.
      await watching.next((n) => n.all, 30_000);
      await importLines(direct.store, [
        { type: "publication", id: "pub_1", slug: "blog", name: "B" },
      ]);
      const before = watching.notices.length;
      await watching.next((n) => watching.notices.indexOf(n) >= before && covers("x")(n));
      await stop();
    });
  });

  describe("unreachable at start", () => {
    it("serves 503 and retries, then migrates and serves once reached", async () => {
      const { name, url } = await createDatabase();
      await proxy.cut();
      const store = new StartingStore(openPostgresStore({ ...settings, url: proxy.urlFor(url) }));
      const lines: string[] = [];
      const started = store.start({ log: (l) => lines.push(l), minDelayMs: 20, maxDelayMs: 100 });
      const app = await appOver(store);
      try {
        assertUnavailable(await app.inject({ url: "/v1/posts/pst_1" }));
        await assert.rejects(store.ping(), StoreUnavailableError);
        while (lines.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.match(lines[0]!, /PostgreSQL unavailable at 127\.0\.0\.1:\d+.*attempt 1.*retrying/);
        await proxy.open();
        assert.equal(await started, true);
        const state = await store.schemaState();
        assert.equal(state.current, state.latest);
        await loadFixtures(store);
        assert.equal((await app.inject({ url: "/v1/posts/pst_1" })).statusCode, 200);
      } finally {
        await app.close();
        await store.close();
        await dropDatabase(name);
      }
    });

    it("reads the publications' domains once the store is reached, and drops what it cached without them", async () => {
      const direct = await postgresFactory.create();
      await importLines(direct.store, [
        {
          type: "publication",
          id: "pub_d",
          slug: "roses",
          name: "R",
          customDomain: "https://roses.example",
        },
        {
          type: "post",
          id: "pst_d",
          publicationId: "pub_d",
          slug: "pruning",
          title: "P",
          publishedAt: NOW - 1000,
          markdown: "x",
        },
      ]);
      await proxy.cut();
      const store = new StartingStore(
        openPostgresStore({ ...settings, url: proxy.urlFor(direct.url) }),
      );
      const app = await appOver(store);
      const watching = noticeCollector();
      const stop = await store.watchChanges(watching.listener);
      try {
        await proxy.open();
        // The notices connection comes back first and says "everything": the domains are read
        // again then, and fail, since the store is not started. Only a retry reads them.
        await watching.next((n) => n.all);
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(await store.start({ log: () => {}, minDelayMs: 20, maxDelayMs: 100 }), true);
        const link = '<https://roses.example/pruning>; rel="canonical"';
        for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
          const response = await app.inject({ url: "/v1/posts/pst_d" });
          assert.equal(response.statusCode, 200);
          if (response.headers.link === link) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        assert.equal((await app.inject({ url: "/v1/posts/pst_d" })).headers.link, link);
      } finally {
        await stop();
        await app.close();
        await store.close();
        await direct.dispose();
      }
    });
  });
});
