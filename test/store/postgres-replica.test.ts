// DATABASE_READ_URL: post reads come from the read database; migrations, imports and
// change notices stay on the primary. A second database stands in for the replica, holding
// a different version of a post so the test can tell where an answer came from.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import { DEFAULT_POSTGRES_SETTINGS, loadConfig } from "../../src/config/index.js";
import { openStore } from "../../src/store/open-store.js";
import type { PostStore } from "../../src/store/post-store.js";
import { loadFixtures, records } from "../helpers/fixtures.js";
import { covers, importLines, noticeCollector } from "../helpers/store-tools.js";
import { postgresFactory, storeFactories, type TestStore } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");
const pst1 = records.find((r) => r.id === "pst_1")!;

describe("PostgreSQL read replica", { skip: !usable && "PostgreSQL not reachable" }, () => {
  let primary: TestStore;
  let replica: TestStore;
  let store: PostStore;
  before(async () => {
    [primary, replica] = [await postgresFactory.create(), await postgresFactory.create()];
    await loadFixtures(primary.store);
    await loadFixtures(replica.store);
    await importLines(replica.store, [{ ...pst1, title: "From the replica" }]);
    const env = { DATABASE_URL: primary.url, DATABASE_READ_URL: replica.url };
    const { database } = loadConfig(env);
    assert.deepEqual(database, {
      ...{ kind: "postgres", url: primary.url, readUrl: replica.url },
      ...DEFAULT_POSTGRES_SETTINGS,
    });
    store = await openStore(database);
  });
  after(async () => {
    await store.close();
    await primary.dispose();
    await replica.dispose();
  });

  it("reads posts from the read database", async () => {
    assert.equal(
      (await store.findPostById("pst_1", { withContent: false }))?.title,
      "From the replica",
    );
    const bySlugs = await store.findPostBySlugs("blog", "hello-world", { withContent: true });
    assert.equal(bySlugs?.title, "From the replica");
  });

  it("imports into the primary and notifies from it", async () => {
    const watching = noticeCollector();
    const stop = await store.watchChanges(watching.listener);
    await importLines(store, [{ ...pst1, title: "Written to the primary" }]);
    await watching.next(covers("pst_1"));
    await stop();
    const onPrimary = await primary.store.findPostById("pst_1", { withContent: false });
    assert.equal(onPrimary?.title, "Written to the primary");
    const onReplica = await replica.store.findPostById("pst_1", { withContent: false });
    assert.equal(onReplica?.title, "From the replica");
  });

  it("migrates the primary", async () => {
    const state = await store.migrate();
    assert.deepEqual(await primary.store.schemaState(), state);
  });
});
