// Where the data goes: the default store is in Folio's own folder whatever the working
// directory; a relative DATABASE_URL is taken from the working directory; every command
// that writes names the store it used on standard error (a PostgreSQL URL without secrets).
import assert from "node:assert/strict";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { FOLIO_ROOT } from "../../src/config/database.js";
import { describeDatabase } from "../../src/cli/store.js";
import { records } from "../helpers/fixtures.js";
import { runFolio } from "../helpers/cli.js";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "folio-store-place-")));
after(() => rmSync(dir, { recursive: true, force: true }));
const ndjson = join(dir, "records.ndjson");
writeFileSync(ndjson, records.map((r) => JSON.stringify(r)).join("\n") + "\n");

test("unset, DATABASE_URL is data/folio.db in Folio's own folder, whatever the working directory", (t) => {
  const before = process.cwd();
  t.after(() => process.chdir(before));
  const manifest = JSON.parse(readFileSync(join(FOLIO_ROOT, "package.json"), "utf8"));
  assert.equal(manifest.name, "folio");
  for (const cwd of [dir, tmpdir(), FOLIO_ROOT]) {
    process.chdir(cwd);
    assert.deepEqual(loadConfig({}).database, {
      kind: "sqlite",
      path: join(FOLIO_ROOT, "data", "folio.db"),
    });
  }
});

test("the help says where the default store is, as an absolute path", async () => {
  const help = await runFolio(["--help"], {}, undefined, dir);
  assert.ok(help.stdout.includes(join(FOLIO_ROOT, "data", "folio.db")), help.stdout);
});

test("a relative DATABASE_URL is taken from the working directory and printed absolute", async () => {
  const res = await runFolio(["import", ndjson], { DATABASE_URL: "rel/here.db" }, undefined, dir);
  assert.equal(res.code, 0, res.stderr);
  const path = join(dir, "rel", "here.db");
  assert.ok(existsSync(path));
  assert.match(
    res.stderr,
    new RegExp(`^folio: using the SQLite ${path.replace(/[.]/g, "\\.")} store$`, "m"),
  );
});

test("every command that writes names its store on standard error", async () => {
  const path = join(dir, "named.db");
  const env = { DATABASE_URL: path, WEBHOOK_ALLOW_PRIVATE: "true" };
  const commands = [
    ["migrate"],
    ["demo"],
    ["import", ndjson],
    ["rerender", "--all", "--threads", "1"],
    ["keys", "create", "--publication", "blog"],
    ["webhooks", "add", "http://127.0.0.1:9/hook"],
  ];
  for (const args of commands) {
    const res = await runFolio(args, env);
    assert.equal(res.code, 0, `${args.join(" ")}: ${res.stderr}`);
    assert.ok(
      res.stderr.includes(`folio: using the SQLite ${path} store\n`),
      `${args[0]}: ${res.stderr}`,
    );
  }
});

test("a PostgreSQL store is named by its URL without the password", () => {
  const secret = "s3cr3t-pw";
  const config = loadConfig({
    DATABASE_URL: `postgres://bob:${secret}@db.example:5432/folio?sslmode=require&sslpassword=${secret}`,
  });
  const named = describeDatabase(config);
  assert.equal(named, "PostgreSQL postgres://bob@db.example:5432/folio?sslmode=require");
  assert.ok(!named.includes(secret));
});
