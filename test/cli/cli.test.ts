// The folio command as a user runs it: import from files and stdin, migrate, errors.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { records } from "../helpers/fixtures.js";
import { FOLIO_BIN, runFolio } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "folio-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshDb = () => ({ DATABASE_URL: join(dir, `db-${++n}.db`) });
const text = records.map((r) => JSON.stringify(r)).join("\n") + "\n";

describe("folio CLI", () => {
  test("import reads a file, a .gz file and standard input, and prints a summary", async () => {
    const plain = join(dir, "posts.ndjson");
    const gz = join(dir, "posts.ndjson.gz");
    writeFileSync(plain, text);
    writeFileSync(gz, gzipSync(text));
    for (const [args, stdin] of [[[plain]], [[gz]], [["-"], text]] as const) {
      const env = freshDb();
      const res = await runFolio(["import", ...args], env, stdin);
      assert.equal(res.code, 0, res.stderr);
      assert.match(
        res.stdout,
        new RegExp(
          `read ${records.length} records, wrote ${records.length}, rejected 0 in \\d+\\.\\d+ s`,
        ),
      );
      const store = openSqliteStore(env.DATABASE_URL);
      assert.equal((await store.findPostById("pst_1", { withContent: false }))?.title, "Hello");
      await store.close();
    }
  });

  test("a bad file writes nothing, lists every bad line and exits 1; --partial exits 3", async () => {
    const env = freshDb();
    const bad = `${text}{"type":"post","id":"z","publicationId":"pub_1","slug":"z z","title":"Z"}\nnot json\n`;
    const res = await runFolio(["import", "-"], env, bad);
    assert.equal(res.code, 1);
    assert.match(res.stderr, new RegExp(`line ${records.length + 1}: slug: `));
    assert.match(
      res.stderr,
      new RegExp(`line ${records.length + 2}: \\(line\\): is not valid JSON`),
    );
    assert.match(res.stdout, /nothing was written/);
    const partial = await runFolio(["import", "--partial", "-"], env, bad);
    assert.equal(partial.code, 3);
    assert.match(partial.stdout, new RegExp(`wrote ${records.length}, rejected 2`));
  });

  test("migrate reports the schema version and refuses a store newer than the code", async () => {
    const env = freshDb();
    const first = await runFolio(["migrate"], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /schema 0 → version \d+/);
    assert.match((await runFolio(["migrate"], env)).stdout, /already at version/);
    const store = openSqliteStore(env.DATABASE_URL);
    store.db.prepare("INSERT INTO folio_schema (version) VALUES (999)").run();
    await store.close();
    const refused = await runFolio(["serve"], env);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /^folio: the store's schema is at version 999, newer than this Folio knows/,
    );
    assert.equal(refused.stderr.trim().split("\n").length, 1);
  });

  test("configuration errors are one line and a non-zero exit", async () => {
    for (const env of [{ DATABASE_URL: "mysql://x/y" }, { PORT: "eighty" }, { SITE_URL: "nope" }]) {
      const res = await runFolio(["serve"], { ...freshDb(), ...env });
      assert.equal(res.code, 1, JSON.stringify(env));
      assert.match(res.stderr, /^folio: \S.*\n$/);
    }
    // A folder that cannot be made (Node's own recursive mkdir used to spin on this one).
    const unmakeable = await runFolio(["migrate"], { DATABASE_URL: "/proc/folio-nope/x.db" });
    assert.equal(unmakeable.code, 1);
    assert.match(
      unmakeable.stderr,
      /^folio: cannot open SQLite store \/proc\/folio-nope\/x\.db: .*\n$/,
    );
    const missing = await runFolio(["import", join(dir, "absent.ndjson")], freshDb());
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^folio: cannot read .*absent\.ndjson: ENOENT\n$/);
  });

  test("--help lists the commands, and each command has its own", async () => {
    const help = await runFolio(["--help"], {});
    for (const name of ["serve", "import", "migrate", "demo"])
      assert.match(help.stdout, new RegExp(`\\n  ${name} `));
    for (const name of ["serve", "import", "migrate", "demo"]) {
      const res = await runFolio([name, "--help"], {});
      assert.equal(res.code, 0);
      assert.match(res.stdout, new RegExp(`^Usage: folio ${name}`));
    }
    assert.equal((await runFolio(["frobnicate"], {})).code, 2);
    assert.equal((await runFolio(["import", "--nope", "x"], {})).code, 2);
  });

  test("demo loads the bundled data set, twice without change", async () => {
    const env = freshDb();
    const first = await runFolio(["demo"], env);
    assert.equal(first.code, 0, first.stderr);
    const again = await runFolio(["demo"], env);
    assert.equal(again.stdout.replace(/in [\d.]+ s/, ""), first.stdout.replace(/in [\d.]+ s/, ""));
    const store = openSqliteStore(env.DATABASE_URL);
    assert.ok((await store.countPosts()) >= 12);
    await store.close();
  });
});

describe("folio import under garbage collection", () => {
  test("the input file stays open however often the collector runs", async () => {
    const file = join(dir, "gc.ndjson");
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...records[4],
      id: `gc_${i}`,
      slug: `gc-${i}`,
    }));
    writeFileSync(file, [...records.slice(0, 4), ...many].map((r) => JSON.stringify(r)).join("\n"));
    const child = spawnSync(process.execPath, ["--gc-interval=2000", FOLIO_BIN, "import", file], {
      env: { ...process.env, ...freshDb() },
      encoding: "utf8",
    });
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /wrote 304, rejected 0/);
  });
});
