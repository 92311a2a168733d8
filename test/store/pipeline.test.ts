// The PostgreSQL statement pipeline (store/postgres/pipeline.ts), against a real server:
// values written into the text read back exactly as parameters do; statements issued
// together leave as one message, in order; a failure stops everything after it, COMMIT
// included; a NUL or a large value still goes as a parameter.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import pg from "pg";
import { Pipeline } from "../../src/store/postgres/pipeline.js";
import { createDatabase, dropDatabase } from "../helpers/postgres.js";
import { storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

/** A connection that records the text of each message it sends. */
async function recording(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sent: string[] = [];
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (text, values) => {
    sent.push(text);
    return query(text, values);
  };
  return { client: client as unknown as pg.PoolClient, sent, end: () => client.end() };
}

describe("Pipeline", { skip: !usable && "PostgreSQL not reachable" }, () => {
  let database: { name: string; url: string };
  let connection: Awaited<ReturnType<typeof recording>>;

  before(async () => {
    database = await createDatabase();
    connection = await recording(database.url);
    await connection.client.query("CREATE TABLE t (id int PRIMARY KEY, note text)");
  });
  after(async () => {
    await connection.end();
    await dropDatabase(database.name);
  });

  it("reads back every value inlined as it reads back as a parameter", async () => {
    const sql = new Pipeline(connection.client);
    // What quoting could get wrong, among any other characters (NUL aside: see below).
    const special = fc.constantFrom("'", "\\", '"', "{", "}", ",", " ", "NULL", "$1", ";", "\n");
    const unit = fc.oneof(special, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }));
    const text = fc.string({ unit }).filter((s) => !s.includes("\0"));
    // An operator may turn standard_conforming_strings off: backslashes must still be data.
    for (const conforming of ["on", "off"]) {
      await connection.client.query(`SET standard_conforming_strings = ${conforming}`);
      await fc.assert(
        fc.asyncProperty(text, fc.array(fc.option(text)), fc.boolean(), async (s, list, b) => {
          const statement = "SELECT $1::text AS s, $2::text[] AS list, $3::boolean AS b";
          const values = [s, list, b];
          const alone = await connection.client.query(statement, values);
          // Two statements, so the batch goes as one message with the values in its text.
          const [inlined] = await Promise.all([
            sql.query(statement, values),
            sql.query("SELECT 1"),
          ]);
          assert.deepEqual(inlined.rows, alone.rows);
          assert.deepEqual(inlined.rows[0], { s, list, b });
        }),
        { numRuns: 200 },
      );
    }
    await connection.client.query("RESET standard_conforming_strings");
    const bytes = Buffer.from([0, 39, 92, 255]);
    const [row] = await Promise.all([
      sql.query("SELECT $1::bytea AS b, $2::bigint AS n, $3::text AS none", [bytes, 2 ** 53, null]),
      sql.query("SELECT 1"),
    ]);
    assert.deepEqual(row.rows[0], { b: bytes, n: String(2 ** 53), none: null });
  });

  it("sends what is issued together as one message, in order, and commits it", async () => {
    const sql = new Pipeline(connection.client);
    connection.sent.length = 0;
    sql.send("BEGIN");
    sql.send("INSERT INTO t VALUES ($1, $2)", [1, "it's \\ one"]);
    const [seen] = await Promise.all([
      sql.query<{ note: string }>("SELECT note FROM t WHERE id = $1", [1]),
      sql.query("SELECT 2"),
    ]);
    assert.equal(seen.rows[0]!.note, "it's \\ one", "a read placed after a write sees it");
    sql.send("UPDATE t SET note = $1 WHERE id = $2", ["two", 1]);
    await sql.query("COMMIT");
    assert.equal(connection.sent.length, 2, connection.sent.join("\n---\n"));
    const stored = await connection.client.query("SELECT note FROM t WHERE id = 1");
    assert.equal(stored.rows[0].note, "two");
  });

  it("fails everything after a failed statement, and never sends its COMMIT", async () => {
    const sql = new Pipeline(connection.client);
    sql.send("BEGIN");
    sql.send("INSERT INTO t VALUES ($1, $2)", [10, "kept?"]);
    sql.send("INSERT INTO t VALUES ($1, $2)", [1, "a duplicate key"]);
    await assert.rejects(sql.query("SELECT 1"), { code: "23505" });
    connection.sent.length = 0;
    await assert.rejects(sql.query("COMMIT"), { code: "23505" });
    assert.equal(connection.sent.length, 0, "nothing more is sent once a statement failed");
    await sql.rollback();
    const rows = await connection.client.query("SELECT 1 FROM t WHERE id = 10");
    assert.equal(rows.rowCount, 0, "the transaction's writes are gone");
  });

  it("sends a value holding a NUL alone, as a parameter, so PostgreSQL refuses it", async () => {
    const sql = new Pipeline(connection.client);
    connection.sent.length = 0;
    const results = await Promise.allSettled([
      sql.query("SELECT 1"),
      sql.query("SELECT $1::text", ["a\0b"]),
    ]);
    assert.equal(results[0].status, "fulfilled");
    assert.equal(results[1].status, "rejected");
    assert.equal((results[1] as PromiseRejectedResult).reason.code, "22021");
    assert.deepEqual(connection.sent, ["SELECT 1", "SELECT $1::text"]);
  });

  it("sends a large value alone, as a parameter, between the small ones", async () => {
    const sql = new Pipeline(connection.client);
    connection.sent.length = 0;
    const large = "x".repeat(2 << 20);
    const results = await Promise.all([
      sql.query("SELECT 1 AS n"),
      sql.query("SELECT 2 AS n"),
      sql.query<{ n: number }>("SELECT length($1::text) AS n", [large]),
      sql.query("SELECT 4 AS n"),
    ]);
    assert.deepEqual(
      results.map((r) => r.rows[0]?.n),
      [1, 2, large.length, 4],
    );
    assert.equal(connection.sent.length, 3);
    assert.equal(connection.sent[1], "SELECT length($1::text) AS n");
  });

  it("rolls back with statements still queued, rejecting their waiters", async () => {
    const sql = new Pipeline(connection.client);
    sql.send("BEGIN");
    sql.send("INSERT INTO t VALUES ($1, $2)", [20, "dropped"]);
    const waiting = assert.rejects(sql.query("SELECT 1"), /rolled back/);
    await sql.rollback();
    await waiting;
    const rows = await connection.client.query("SELECT 1 FROM t WHERE id = 20");
    assert.equal(rows.rowCount, 0);
  });
});
