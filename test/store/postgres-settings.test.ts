// PostgreSQL-only behaviour: configuration, migrations raced by several nodes, and notices
// too large for one NOTIFY.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { ConfigError, DEFAULT_POSTGRES_SETTINGS, loadConfig } from "../../src/config/index.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { PAST, loadFixtures } from "../helpers/fixtures.js";
import { createDatabase, dropDatabase } from "../helpers/postgres.js";
import { importLines, noticeCollector } from "../helpers/store-tools.js";
import { postgresFactory, storeFactories } from "../helpers/stores.js";

const PG = "postgres://u@db.example.com:5432/folio";

describe("PostgreSQL configuration", () => {
  it("reads pool size, statement timeout and read URL", () => {
    const env = { DATABASE_URL: PG, PG_POOL_SIZE: "25", PG_STATEMENT_TIMEOUT_MS: "1500" };
    const read = "postgres://u@replica.example.com/folio";
    assert.deepEqual(loadConfig({ ...env, DATABASE_READ_URL: read }).database, {
      ...{ kind: "postgres", url: PG, poolSize: 25, statementTimeoutMs: 1500, readUrl: read },
    });
    assert.deepEqual(loadConfig({ DATABASE_URL: PG }).database, {
      ...{ kind: "postgres", url: PG },
      ...DEFAULT_POSTGRES_SETTINGS,
    });
  });

  it("refuses bad values with the variable's name", () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PG_POOL_SIZE: "0" }, /PG_POOL_SIZE/],
      [{ PG_POOL_SIZE: "ten" }, /PG_POOL_SIZE/],
      [{ PG_STATEMENT_TIMEOUT_MS: "-5" }, /PG_STATEMENT_TIMEOUT_MS/],
      [{ DATABASE_READ_URL: "mysql://x/y" }, /DATABASE_READ_URL must be a postgres/],
      [{ DATABASE_URL: "./x.db", DATABASE_READ_URL: PG }, /needs a postgres:\/\/ DATABASE_URL/],
    ];
    for (const [env, message] of bad) {
      assert.throws(
        () => loadConfig({ DATABASE_URL: PG, ...env }),
        (e: unknown) => {
          return e instanceof ConfigError && message.test(e.message);
        },
      );
    }
  });
});

const usable = (await storeFactories()).some((f) => f.name === "postgres");

describe("PostgreSQL store", { skip: !usable && "PostgreSQL not reachable" }, () => {
  it("lets several nodes migrate one database at once", async () => {
    const { name, url } = await createDatabase();
    const stores = [1, 2, 3, 4].map(() => openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url }));
    try {
      const states = await Promise.all(stores.map((s) => s.migrate()));
      const latest = states[0]!.latest;
      assert.deepEqual(
        states,
        stores.map(() => ({ current: latest, latest })),
      );
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropDatabase(name);
    }
  });

  it("says 'everything changed' when the changed ids would not fit one notice", async () => {
    const t = await postgresFactory.create();
    try {
      await loadFixtures(t.store);
      const watching = noticeCollector();
      const stop = await t.store.watchChanges(watching.listener);
      const post = (i: number) => ({
        ...{ type: "post", id: `pst_many_${i}`, publicationId: "pub_1", slug: `many-${i}` },
        ...{ title: "Many", publishedAt: PAST },
      });
      await importLines(t.store, [post(0)]);
      const first = { all: false, postIds: ["pst_many_0"], publicationIds: ["pub_1"], tags: [] };
      assert.deepEqual(await watching.next(() => true), first);
      await importLines(
        t.store,
        Array.from({ length: 600 }, (_, i) => post(i)),
      );
      await watching.next((n) => n.all);
      await stop();
    } finally {
      await t.dispose();
    }
  });
});
