// The shared store suite, part two: transactions, isolation, schema and change notices.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import { SchemaTooNewError, type PostStore } from "../../src/store/post-store.js";
import { PAST, loadFixtures, records } from "../helpers/fixtures.js";
import {
  covers,
  importLines,
  noticeCollector,
  openSecond,
  recordSchemaVersion,
} from "../helpers/store-tools.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";
import { parseRecord } from "../../src/import/records.js";

const newPost = (id: string, slug: string) =>
  parseRecord(
    JSON.stringify({
      type: "post",
      id,
      publicationId: "pub_1",
      slug,
      title: id,
      publishedAt: PAST,
    }),
    Date.now(),
  ).record;

for (const factory of await storeFactories()) {
  describe(`store lifecycle (${factory.name})`, () => {
    let t: TestStore;
    let store: PostStore;
    let second: PostStore;
    before(async () => {
      t = await factory.create();
      store = t.store;
      await loadFixtures(store);
      second = await openSecond(t.url);
    });
    after(async () => {
      await second.close();
      await t.dispose();
    });

    it("leaves nothing behind when an import rolls back", async () => {
      const tx = await store.beginWrite();
      assert.deepEqual(await tx.apply([{ line: 1, record: newPost("pst_rb", "rb") }]), []);
      await tx.rollback();
      assert.equal(await store.findPostById("pst_rb", { withContent: false }), undefined);
      assert.equal(await store.countPosts(), 7);
    });

    it("hides an import from other connections until it commits", async () => {
      const tx = await store.beginWrite();
      await tx.apply([{ line: 1, record: newPost("pst_tx", "tx") }]);
      assert.equal(await second.findPostById("pst_tx", { withContent: false }), undefined);
      await tx.commit();
      assert.equal((await second.findPostById("pst_tx", { withContent: false }))?.slug, "tx");
    });

    it("migrates idempotently, keeping the data", async () => {
      const state = await store.migrate();
      assert.equal(state.current, state.latest);
      assert.deepEqual(await store.migrate(), state);
      assert.deepEqual(await store.schemaState(), state);
      assert.ok(await store.findPostById("pst_1", { withContent: false }));
    });

    it("notifies committed writes, from this connection and from another", async () => {
      const watching = noticeCollector();
      const stop = await store.watchChanges(watching.listener);
      try {
        await importLines(store, [{ ...records.find((r) => r.id === "pst_bare"), title: "B2" }]);
        await watching.next(covers("pst_bare"));
        await importLines(second, [{ ...records.find((r) => r.id === "pst_1"), title: "H2" }]);
        await watching.next(covers("pst_1"));
        await importLines(second, [records[0]]);
        await watching.next((n) => n.all);
      } finally {
        await stop();
      }
    });

    it("sends no notice for a write that rolls back", async () => {
      const watching = noticeCollector();
      const stop = await store.watchChanges(watching.listener);
      try {
        const tx = await second.beginWrite();
        await tx.apply([{ line: 1, record: newPost("pst_never", "never") }]);
        await tx.rollback();
        // A later commit is the marker: every notice before it would be the rollback's.
        await importLines(store, [{ ...records.find((r) => r.id === "pst_bare"), title: "B3" }]);
        await watching.next(covers("pst_bare"));
        assert.equal(watching.notices.some(covers("pst_never")), false);
      } finally {
        await stop();
      }
    });

    it("answers ping", async () => {
      await store.ping();
      await second.ping();
    });

    it("refuses a schema newer than the code knows", async () => {
      const { latest } = await store.schemaState();
      await recordSchemaVersion(factory, t.url, latest + 1);
      await assert.rejects(store.migrate(), SchemaTooNewError);
      assert.deepEqual(await store.schemaState(), { current: latest + 1, latest });
    });
  });
}
