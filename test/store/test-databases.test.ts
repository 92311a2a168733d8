// The suites' PostgreSQL databases are used again within a process (helpers/spare-databases.ts):
// one given back must come out as a fresh copy of the template would, or not come out at all.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_POSTGRES_SETTINGS } from "../../src/config/index.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { connected, databaseExists } from "../helpers/postgres.js";
import { giveBackDatabase, takeDatabase } from "../helpers/spare-databases.js";
import { postgresTemplate as template, storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

/** Rows per table, the seed tables' rows and the sequences: what a test could leave behind. */
async function contents(url: string): Promise<string> {
  return connected(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const { rows } = await client.query(`SELECT * FROM ${name} ORDER BY 1`);
      parts.push(`${name}: ${JSON.stringify(rows)}`);
    }
    const sequences = await client.query(`SELECT sequencename, last_value FROM pg_sequences`);
    return `${parts.join("\n")}\n${JSON.stringify(sequences.rows)}`;
  });
}

describe("test databases used again", { skip: !usable && "PostgreSQL not reachable" }, () => {
  it("one given back comes out again holding what a fresh copy holds", async () => {
    const from = await template();
    const first = await takeDatabase(from);
    const fresh = await contents(first.url);
    const store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url: first.url });
    await loadFixtures(store);
    await connected(first.url, async (client) => {
      await client.query(`UPDATE webhook_sweep SET swept_until = 12345`);
      await client.query(`SELECT nextval('webhook_deliveries_seq_seq')`);
    });
    await store.close();
    assert.notEqual(await contents(first.url), fresh);
    await giveBackDatabase(from, first.name);
    // Twice is once: the same database must not be handed to two stores.
    await giveBackDatabase(from, first.name);
    const again = await takeDatabase(from);
    assert.equal(again.name, first.name);
    assert.equal(await contents(again.url), fresh);
    const other = await takeDatabase(from);
    assert.notEqual(other.name, first.name);
    await giveBackDatabase(from, again.name);
    await giveBackDatabase(from, other.name);
  });

  it("one whose schema a test changed is dropped, not handed out again", async () => {
    const from = await template();
    const taken = await takeDatabase(from);
    await connected(taken.url, (client) => client.query(`ALTER TABLE posts ADD COLUMN extra TEXT`));
    await giveBackDatabase(from, taken.name);
    assert.equal(await databaseExists(taken.name), false);
    const next = await takeDatabase(from);
    assert.notEqual(next.name, taken.name);
    await giveBackDatabase(from, next.name);
  });
});
