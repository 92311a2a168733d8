// The PostgreSQL read batcher (store/postgres/read-batch.ts): reads asked for in one turn of
// the event loop share one statement, at the latest instant asked, in chunks; a failed
// statement fails every read that shared it, and the next turn starts afresh.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ReadBatch } from "../../src/store/postgres/read-batch.js";

interface Row {
  key: string;
}

function recorder(fail = false) {
  const calls: { keys: string[]; at: number }[] = [];
  const batch = new ReadBatch<Row>(
    async (keys, at) => {
      calls.push({ keys, at });
      if (fail) throw new Error("statement failed");
      return keys.filter((k) => !k.startsWith("missing")).map((key) => ({ key }));
    },
    (row) => row.key,
    3,
  );
  return { batch, calls };
}

test("reads of one turn share statements of at most maxKeys keys, at the latest instant", async () => {
  const { batch, calls } = recorder();
  const found = await Promise.all([
    batch.get("a", 10),
    batch.get("b", 30),
    batch.get("a", 20),
    batch.get("missing", 5),
    batch.get("c", 15),
  ]);
  assert.deepEqual(found, [{ key: "a" }, { key: "b" }, { key: "a" }, undefined, { key: "c" }]);
  assert.deepEqual(calls, [
    { keys: ["a", "b"], at: 30 },
    { keys: ["missing", "c"], at: 30 },
  ]);
  await batch.get("d", 1);
  assert.deepEqual(calls.at(-1), { keys: ["d"], at: 1 }, "a later turn starts afresh");
});

test("a failed statement fails each read that shared it, and only those", async () => {
  const { batch } = recorder(true);
  const results = await Promise.allSettled([batch.get("a", 1), batch.get("b", 1)]);
  assert.deepEqual(
    results.map((r) => r.status),
    ["rejected", "rejected"],
  );
});
