// Columns read as bytes on PostgreSQL (store/postgres/byte-columns.ts), against a real server:
// a marked column arrives as the UTF-8 bytes of the text pg would have given, every other
// column as pg gives it, in rows large enough to span many socket reads, and statements with
// and without marks pipelined one behind another do not lend each other their marks.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import pg from "pg";
import { ByteColumnsClient } from "../../src/store/postgres/byte-columns.js";
import { PG_TEST_URL } from "../helpers/postgres.js";
import { storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

/** Text PostgreSQL can hold: any code point but NUL, lone surrogates included as pg sends them. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', "\\", "\n", "\r", "\t", "\u0001", "\u001f", "\u007f", "\u2028", "é", "😀"),
    fc.integer({ min: 1, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  ),
  maxLength: 40,
});

describe("columns read as bytes", { skip: !usable && "PostgreSQL not reachable" }, () => {
  let client: pg.Client;

  before(async () => {
    client = new ByteColumnsClient({ connectionString: PG_TEST_URL, pipeline: true });
    await client.connect();
  });
  after(() => client.end());

  it("gives a marked column's UTF-8 bytes and every other column as pg does", async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (a, b) => {
        const { rows } = await client.query(
          `SELECT $1::text AS "aUtf8", $1::text AS a, $2::text AS "bUtf8", 7::int AS n,
             NULL::text AS "noneUtf8", '{x,y}'::text[] AS list, now() AS at`,
          [a, b],
        );
        const row = rows[0];
        assert.ok(Buffer.isBuffer(row.aUtf8));
        // What pg makes of the text (a lone surrogate goes out as U+FFFD) is what the bytes say.
        assert.equal(row.aUtf8.toString(), row.a);
        assert.deepEqual(row.aUtf8, Buffer.from(row.a));
        assert.deepEqual(row.bUtf8, Buffer.from(b));
        assert.equal(row.n, 7);
        assert.equal(row.noneUtf8, null);
        assert.deepEqual(row.list, ["x", "y"]);
        assert.ok(row.at instanceof Date);
      }),
      { numRuns: 200 },
    );
  });

  it("reads rows that span many socket reads, each field its own copy", async () => {
    const { rows } = await client.query(
      `SELECT i, repeat(chr(945 + i % 20) || '"\\', 30000 + i) AS "textUtf8"
         FROM generate_series(1, 40) AS i`,
    );
    assert.equal(rows.length, 40);
    const first = rows[0].textUtf8 as Buffer;
    for (const row of rows) {
      const unit = Buffer.from(`${String.fromCharCode(945 + (row.i % 20))}"\\`);
      const bytes = row.textUtf8 as Buffer;
      assert.equal(bytes.length, unit.length * (30000 + row.i));
      assert.deepEqual(bytes.subarray(0, unit.length), unit);
      assert.deepEqual(bytes.subarray(-unit.length), unit);
    }
    // A field copied out of the socket's buffer is not overwritten by the rows read after it.
    assert.deepEqual(first.subarray(0, 2), Buffer.from("β"));
  });

  it("keeps each pipelined statement's marks to its own rows", async () => {
    const [marked, plain, failed, after] = await Promise.allSettled([
      client.query(`SELECT 'x'::text AS "vUtf8"`),
      client.query(`SELECT 'x'::text AS "v"`),
      client.query(`SELECT 1/0 AS "vUtf8"`),
      client.query(`SELECT 'y'::text AS "v"`),
    ]);
    assert.equal(marked.status, "fulfilled");
    assert.deepEqual(marked.status === "fulfilled" && marked.value.rows[0].vUtf8, Buffer.from("x"));
    assert.equal(plain.status === "fulfilled" && plain.value.rows[0].v, "x");
    assert.equal(failed.status, "rejected");
    assert.equal(after.status === "fulfilled" && after.value.rows[0].v, "y");
  });

  it("leaves a plain pg client reading strings", async () => {
    const plain = new pg.Client({ connectionString: PG_TEST_URL });
    await plain.connect();
    try {
      const { rows } = await plain.query(`SELECT 'x'::text AS "vUtf8"`);
      assert.equal(rows[0].vUtf8, "x");
    } finally {
      await plain.end();
    }
  });
});
