// A small .gz may expand without limit. Imports stop, writing nothing, at a
// ceiling on decompressed bytes and on records; the CLI prints the first bad lines of each
// kind and then a count. The cases, with small ceilings.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, test } from "node:test";
import { gzipSync } from "node:zlib";
import { importNdjson } from "../../src/import/run-import.js";
import { importLimits } from "../../src/cli/import.js";
import { runFolio } from "../helpers/cli.js";
import { sqliteFactory } from "../helpers/stores.js";

const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "folio-ceilings-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const gz = (text: string) => Readable.from([gzipSync(text, { level: 9 })]);
const pub = JSON.stringify({ type: "publication", id: "p1", slug: "pub", name: "Pub" });

test("16 MiB of newlines in a small .gz stops at the byte ceiling, nothing written", async (t) => {
  const { store, dispose } = await sqliteFactory.create();
  t.after(dispose);
  const bomb = `${pub}\n${"\n".repeat(16 * MiB)}`;
  assert.ok(gzipSync(bomb, { level: 9 }).length < 32 * 1024, "the input is a small file");
  const summary = await importNdjson(store, gz(bomb), { maxBytes: MiB });
  assert.equal(summary.committed, false);
  assert.equal(summary.written, 0);
  assert.match(summary.stopped?.reason ?? "", /over 1048576 bytes \(decompressed\)/);
  // Under the ceiling the same file is read to its end: blank lines are skipped, one record.
  const whole = await importNdjson(store, gz(bomb), { maxBytes: 17 * MiB });
  assert.deepEqual([whole.committed, whole.read, whole.stopped], [true, 1, undefined]);
  assert.equal(summary.stopped?.limit, true);
});

test("a file of {} lines stops at the record ceiling", async (t) => {
  const { store, dispose } = await sqliteFactory.create();
  t.after(dispose);
  let told = 0;
  const summary = await importNdjson(store, gz("{}\n".repeat(100_000)), {
    maxRecords: 1000,
    onRejection: () => told++,
  });
  assert.equal(summary.committed, false);
  assert.match(summary.stopped?.reason ?? "", /over 1000 records/);
  assert.equal(summary.read, 1001);
  assert.ok(told <= 1000, `${told} rejections told past the ceiling`);
  assert.equal(await store.countPosts(), 0);
});

test("the CLI prints the first bad lines of each kind, then a count", async () => {
  const file = join(dir, "empties.ndjson.gz");
  const bad = '{"type":"publication","id":"p","slug":"a b","name":"P"}\n';
  writeFileSync(file, gzipSync(`${"{}\n".repeat(5000)}${bad.repeat(3)}`));
  const res = await runFolio(["import", file, "--show-errors", "4"], {
    DATABASE_URL: join(dir, "a.db"),
  });
  assert.equal(res.code, 1);
  const told = res.stderr.split("\n").filter((l) => /^line \d+: /.test(l));
  assert.deepEqual(told, [
    ...[1, 2, 3, 4].map(
      (n) => `line ${n}: type: must be publication, author, post, apiKey, webhookEndpoint or media`,
    ),
    ...[5001, 5002, 5003].map(
      (n) =>
        `line ${n}: slug: must be URL-friendly (no spaces, /, ?, #, %, \\, controls or lone surrogates)`,
    ),
  ]);
  assert.match(res.stderr, /… and 4996 more rejections of type not shown/);
  assert.match(res.stdout, /read 5003 records, wrote 0, rejected 5003/);
});

test("the CLI stops at IMPORT_MAX_BYTES or --max-bytes and says which knob to turn", async () => {
  const file = join(dir, "bomb.ndjson.gz");
  writeFileSync(file, gzipSync(`${pub}\n${"\n".repeat(4 * MiB)}`));
  const env = { DATABASE_URL: join(dir, "b.db"), IMPORT_MAX_BYTES: String(MiB) };
  const res = await runFolio(["import", file], env);
  assert.equal(res.code, 1);
  assert.match(res.stdout, /import stopped: the input is over 1048576 bytes .*--max-bytes/);
  const raised = await runFolio(["import", file, "--max-bytes", String(8 * MiB)], env);
  assert.equal(raised.code, 0, raised.stdout + raised.stderr);
});

test("ceilings: flags win over the environment, which wins over the defaults; bad ones refused", () => {
  const env = {
    ...{ IMPORT_MAX_BYTES: "100", IMPORT_MAX_RECORDS: "7", IMPORT_THREADS: "3" },
    ...{ MEDIA_MAX_BYTES: "2048", MEDIA_MAX_PIXELS: "9" },
  };
  assert.deepEqual(importLimits({ "max-bytes": "5" }, env), {
    maxBytes: 5,
    maxRecords: 7,
    shownPerKind: 20,
    threads: 3,
    // An image line may hold what an upload may: the desk's own limits.
    media: { maxBytes: 2048, maxPixels: 9 },
  });
  assert.equal(importLimits({ threads: "1" }, env).threads, 1);
  assert.equal(importLimits({}, {}).threads, Math.min(availableParallelism(), 64), "auto");
  assert.throws(() => importLimits({ threads: "0" }, {}), /--threads must be between 1 and 64/);
  assert.throws(() => importLimits({}, { IMPORT_THREADS: "many" }), /IMPORT_THREADS must be/);
  assert.throws(
    () => importLimits({ "max-records": "lots" }, {}),
    /--max-records must be a whole number/,
  );
  assert.throws(
    () => importLimits({}, { IMPORT_MAX_BYTES: "0" }),
    /IMPORT_MAX_BYTES must be between 1/,
  );
});
