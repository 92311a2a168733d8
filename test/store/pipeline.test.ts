// The PostgreSQL statement pipeline (store/postgres/pipeline.ts), against a real server and
// counted on the socket: statements issued together leave in one round trip, in order; a
// failure fails everything after it, COMMIT included; a rollback drops what is queued.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { Pipeline } from "../../src/store/postgres/pipeline.js";
import { createDatabase, dropDatabase } from "../helpers/postgres.js";
import { watch, type Wire } from "../helpers/round-trips.js";
import { storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

describe("Pipeline", { skip: !usable && "PostgreSQL not reachable" }, () => {
  let database: { name: string; url: string };
  let client: pg.Client;
  let wire: Wire;

  before(async () => {
    database = await createDatabase();
    client = new pg.Client({ connectionString: database.url, pipeline: true });
    await client.connect();
    wire = watch(client);
    await client.query("CREATE TABLE t (id int PRIMARY KEY, note text)");
  });
  after(async () => {
    await client.end();
    await dropDatabase(database.name);
  });

  const pipeline = () => new Pipeline(client as unknown as pg.PoolClient);
  const tripsDuring = async (work: () => Promise<void>) => {
    const start = wire.trips.length;
    await work();
    return wire.trips.length - start;
  };

  it("sends what is issued together in one round trip, in order, and commits it", async () => {
    const sql = pipeline();
    const trips = await tripsDuring(async () => {
      sql.send("BEGIN");
      sql.send("INSERT INTO t VALUES ($1, $2)", [1, "it's \\ one"]);
      const [seen, count] = await Promise.all([
        sql.query<{ note: string }>("SELECT note FROM t WHERE id = $1", [1]),
        sql.query<{ n: string }>("SELECT count(*) AS n FROM t"),
      ]);
      assert.equal(seen.rows[0]!.note, "it's \\ one", "a read placed after a write sees it");
      assert.equal(count.rows[0]!.n, "1");
      sql.send("UPDATE t SET note = $1 WHERE id = $2", ["two", 1]);
      await sql.query("COMMIT");
    });
    assert.equal(trips, 2);
    const stored = await client.query("SELECT note FROM t WHERE id = 1");
    assert.equal(stored.rows[0].note, "two");
  });

  it("fails everything after a failed statement; its COMMIT does not pass for one", async () => {
    const sql = pipeline();
    sql.send("BEGIN");
    sql.send("INSERT INTO t VALUES ($1, $2)", [10, "kept?"]);
    sql.send("INSERT INTO t VALUES ($1, $2)", [1, "a duplicate key"]);
    // On the wire behind the failure: the server answers this COMMIT with ROLLBACK.
    const committed = sql.query("COMMIT");
    await assert.rejects(committed, { code: "23505" });
    const trips = await tripsDuring(async () => {
      await assert.rejects(sql.query("SELECT 1"), { code: "23505" });
    });
    assert.equal(trips, 0, "nothing more is sent once a statement failed");
    await sql.rollback();
    const rows = await client.query("SELECT 1 FROM t WHERE id = 10");
    assert.equal(rows.rowCount, 0, "the transaction's writes are gone");
  });

  it("keeps each value a parameter: a NUL is refused by PostgreSQL, as always", async () => {
    const sql = pipeline();
    const results = await Promise.allSettled([
      sql.query("SELECT $1::text AS s", ["it's; DROP TABLE t; --"]),
      sql.query("SELECT $1::text", ["a\0b"]),
      sql.query("SELECT 3"),
    ]);
    assert.equal(results[0].status, "fulfilled");
    const first = results[0] as PromiseFulfilledResult<pg.QueryResult>;
    assert.equal(first.value.rows[0].s, "it's; DROP TABLE t; --");
    assert.equal(results[1].status, "rejected");
    assert.equal((results[1] as PromiseRejectedResult).reason.code, "22021");
    assert.equal(results[2].status, "rejected", "what follows a failure fails with it");
  });

  it("sends text[] parameters whole: quotes, backslashes, braces, nulls, empty and non-Latin text", async () => {
    const sql = pipeline();
    const cases: (string | null)[][] = [
      [],
      [""],
      [null],
      ['{"a": "b\\"c"}', "back\\slash", "{,}", "NULL", " spaced ", null, "é ✓ 𝄞 中文"],
      ["x".repeat(70_000), "y"],
    ];
    for (const list of cases) {
      const { rows } = await sql.query<{ list: (string | null)[]; n: number }>(
        "SELECT $1::text[] AS list, cardinality($1::text[]) AS n",
        [list],
      );
      assert.deepEqual(rows[0]!.list, list);
      assert.equal(rows[0]!.n, list.length);
    }
    // unnest zips a binary array with one sent as text; the text goes unescaped.
    const start = wire.trips.length;
    const { rows } = await sql.query<{ id: number; note: string }>(
      "SELECT * FROM unnest($1::int[], $2::text[]) AS u(id, note) ORDER BY id",
      [
        [2, 1],
        ['tw"o', "one"],
      ],
    );
    assert.deepEqual(rows, [
      { id: 1, note: "one" },
      { id: 2, note: 'tw"o' },
    ]);
    const sent = wire.trips.slice(start).join("");
    assert.ok(sent.includes('tw"o') && !sent.includes('tw\\"o'), "sent in the binary format");
    await assert.rejects(sql.query("SELECT $1::text[]", [["a\0b"]]), { code: "22021" });
  });

  it("sends a statement's text once per connection, then its name", async () => {
    const text = "SELECT $1::int + 1 AS n -- named once";
    const sql = pipeline();
    const first = wire.trips.length;
    assert.equal((await sql.query<{ n: number }>(text, [1])).rows[0]!.n, 2);
    assert.equal((await sql.query<{ n: number }>(text, [41])).rows[0]!.n, 42);
    const sent = wire.trips.slice(first);
    assert.equal(sent.filter((trip) => trip.includes("named once")).length, 1);
    assert.equal(sent.length, 2);
    // A statement without parameters goes as its text every time.
    const before = wire.trips.length;
    await sql.query("SELECT 7 -- never named");
    await sql.query("SELECT 7 -- never named");
    assert.equal(wire.trips.slice(before).filter((t) => t.includes("never named")).length, 2);
  });

  it("keeps at most 200 prepared statements on a connection, sending further texts unnamed", async () => {
    const sql = pipeline();
    for (let i = 0; i < 230; i++) {
      const { rows } = await sql.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
      assert.equal(rows[0]!.n, i + 1);
    }
    const prepared = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_prepared_statements",
    );
    assert.ok(Number(prepared.rows[0]!.n) <= 200, `${prepared.rows[0]!.n} prepared`);
    const start = wire.trips.length;
    await sql.query("SELECT $1::int + 230 AS n", [1]);
    await sql.query("SELECT $1::int + 230 AS n", [1]);
    const sent = wire.trips.slice(start).filter((trip) => trip.includes("+ 230 AS n"));
    assert.equal(sent.length, 2, "past the bound, the text goes every time");
  });

  it("rolls back with statements still queued, rejecting their waiters", async () => {
    const sql = pipeline();
    sql.send("BEGIN");
    sql.send("INSERT INTO t VALUES ($1, $2)", [20, "dropped"]);
    const waiting = assert.rejects(sql.query("SELECT 1"), /rolled back/);
    await sql.rollback();
    await waiting;
    const rows = await client.query("SELECT 1 FROM t WHERE id = 20");
    assert.equal(rows.rowCount, 0);
  });

  it("runs in turn, one round trip each, on a connection not in pipeline mode", async () => {
    const plain = new pg.Client({ connectionString: database.url });
    await plain.connect();
    try {
      const plainWire = watch(plain);
      const sql = new Pipeline(plain as unknown as pg.PoolClient);
      const start = plainWire.trips.length;
      const results = await Promise.all([sql.query("SELECT 1 AS n"), sql.query("SELECT 2 AS n")]);
      assert.deepEqual(
        results.map((r) => r.rows[0]?.n),
        [1, 2],
      );
      assert.equal(plainWire.trips.length - start, 2);
    } finally {
      await plain.end();
    }
  });
});
