// Page views, on every store: 204 for a visible post, the usual 404 otherwise;
// counted in memory and written in batches (never one store write per view), written on a
// graceful stop, and summed across nodes.
import { strict as assert } from "node:assert";
import { describe, it, type TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { openSecond } from "../helpers/store-tools.js";
import { storeFactories, type StoreFactory } from "../helpers/stores.js";

/** A node whose store counts its addViews calls. */
async function node(t: TestContext, store: PostStore, env: Record<string, string> = {}) {
  const calls: number[] = [];
  const counted = Object.assign(Object.create(store) as PostStore, {
    addViews: (counts: ReadonlyMap<string, number>) => {
      calls.push([...counts.values()].reduce((a, b) => a + b, 0));
      return store.addViews(counts);
    },
  });
  const config = loadConfig({
    LOG_LEVEL: "silent",
    MAX_EVENT_LOOP_DELAY_MS: "0",
    VIEWS_FLUSH_MS: "600000",
    ...env,
  });
  const app = await buildApp({ config, store: counted, clock: () => NOW, logger: false });
  t.after(() => app.close());
  const view = (id: string) => app.inject({ method: "POST", url: `/v1/posts/${id}/view` });
  return { app, calls, view };
}

async function total(store: PostStore, id: string): Promise<number | undefined> {
  const page = await store.listOwnPosts({
    publicationId: "pub_1",
    status: "published",
    limit: 100,
    withContent: false,
    now: NOW,
  });
  return page.posts.find((p) => p.id === id)?.views;
}

async function fresh(t: TestContext, factory: StoreFactory) {
  const made = await factory.create();
  t.after(() => made.dispose());
  await loadFixtures(made.store);
  return made;
}

for (const factory of await storeFactories()) {
  describe(`page views (${factory.name})`, () => {
    it("answers 204 for a visible post and 404 for anything else", async (t) => {
      const { store } = await fresh(t, factory);
      const { view } = await node(t, store);
      assert.equal((await view("pst_1")).statusCode, 204);
      for (const id of ["pst_draft", "pst_future", "pst_archived", "pst_nope"]) {
        const res = await view(id);
        assert.equal(res.statusCode, 404, id);
        assert.equal(res.json<{ error: string }>().error, "not_found");
      }
    });

    it("writes views in batches, not per view, and what is left on a graceful stop", async (t) => {
      const { store } = await fresh(t, factory);
      const { app, calls, view } = await node(t, store);
      for (let i = 0; i < 50; i++) await view(i % 2 === 0 ? "pst_1" : "pst_bare");
      assert.deepEqual(calls, [], "nothing written while counting");
      await app.close();
      assert.deepEqual(calls, [50], "one batch on close");
      assert.equal(await total(store, "pst_1"), 25);
      assert.equal(await total(store, "pst_bare"), 25);
    });

    it("flushes on its interval, and sums what every node counted", async (t) => {
      const made = await fresh(t, factory);
      const other = await openSecond(made.url);
      t.after(() => other.close());
      const a = await node(t, made.store, { VIEWS_FLUSH_MS: "50" });
      const b = await node(t, other, { VIEWS_FLUSH_MS: "50" });
      for (let i = 0; i < 7; i++) await a.view("pst_1");
      for (let i = 0; i < 5; i++) await b.view("pst_1");
      const started = Date.now();
      while ((await total(made.store, "pst_1")) !== 12 && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.equal(await total(made.store, "pst_1"), 12);
      const sum = (calls: number[]) => calls.reduce((x, y) => x + y, 0);
      assert.deepEqual([sum(a.calls), sum(b.calls)], [7, 5], "each node wrote what it counted");
    });
  });
}
