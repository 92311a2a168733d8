// folio rerender: stale renders are re-derived from the stored document, batch by batch, the
// same on the main thread and on worker threads (IMPORT_THREADS).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RENDERER_VERSION } from "../../src/content/index.js";
import { rerenderAll } from "../../src/import/rerender.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

for (const factory of await storeFactories()) {
  for (const threads of [1, 3])
    describe(`rerender (${factory.name}, ${threads} thread${threads > 1 ? "s" : ""})`, () => {
      test("re-derives posts rendered by an older renderer, and only those", async (t) => {
        const { store, dispose } = await factory.create();
        t.after(dispose);
        await loadFixtures(store);
        const fresh = await store.findPostById("pst_1", { withContent: true });
        await store.updateDerived([
          {
            id: "pst_1",
            json: fresh!.content!.json,
            staticHtml: "stale",
            markdown: "stale",
            rendererVersion: 0,
          },
        ]);
        const summary = await rerenderAll(store, { threads });
        assert.deepEqual([summary.rendered, summary.changed, summary.failed], [1, 1, []]);
        assert.deepEqual(
          (await store.findPostById("pst_1", { withContent: true }))?.content,
          fresh?.content,
        );
        assert.deepEqual(await store.listPostSources("", 100, RENDERER_VERSION), []);
        const all = await rerenderAll(store, { all: true, threads });
        assert.equal(all.rendered, await store.countPosts());
        assert.equal(all.changed, 0, "every post came out as stored");
      });

      test("a batch with a post that fails is left as it was; other batches are written", async (t) => {
        const { store, dispose } = await factory.create();
        t.after(dispose);
        await loadFixtures(store);
        const stale = { staticHtml: "stale", markdown: "stale", rendererVersion: 0 };
        const good = await store.findPostById("pst_1", { withContent: true });
        await store.updateDerived([
          { id: "pst_1", json: good!.content!.json, ...stale },
          { id: "pst_archived", json: '{"type":"paragraph"}', ...stale },
        ]);
        const summary = await rerenderAll(store, { batchSize: 1, threads });
        assert.deepEqual(
          summary.failed.map((f) => f.id),
          ["pst_archived"],
        );
        assert.equal(summary.skippedBatches, 1);
        assert.notEqual(
          (await store.findPostById("pst_1", { withContent: true }))?.content?.staticHtml,
          "stale",
        );
        const sources = await store.listPostSources("", 10, RENDERER_VERSION);
        assert.deepEqual(
          sources.map((s) => s.id),
          ["pst_archived"],
        );
      });
    });
}
