// Store faults. At start (missing, unreadable, locked, corrupt): one clear line and a
// non-zero exit. At run time (closed connection, damaged pages, file deleted): 503 or the
// old data, never a crash.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  chmodSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test, type TestContext } from "node:test";
import Database from "better-sqlite3";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { FOLIO_BIN, runFolio, type CliResult } from "../helpers/cli.js";
import { loadFixtures } from "../helpers/fixtures.js";

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-faults-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function migratedFile(dir: string): Promise<string> {
  const path = join(dir, "folio.db");
  const store = openSqliteStore(path);
  await store.migrate();
  await loadFixtures(store);
  store.db.pragma("wal_checkpoint(TRUNCATE)");
  await store.close();
  return path;
}

function assertOneLineFailure(res: CliResult, reason: RegExp): void {
  assert.notEqual(res.code, 0);
  assert.match(res.stderr, /^folio: cannot open SQLite store [^\n]+\n$/, res.stderr);
  assert.match(res.stderr, reason);
}

/** `folio serve` as another user: root reads a chmod 000 file regardless. */
function serveAs(uid: number, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [FOLIO_BIN, "serve"], {
      env: { ...process.env, LOG_LEVEL: "warn", PORT: "0", ...env },
      uid,
      gid: uid,
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout: "", stderr }));
  });
}

describe("store faults at start", () => {
  test("a database in a directory that cannot be created", async (t) => {
    const dir = tempDir(t);
    writeFileSync(join(dir, "a-file"), "not a directory");
    const res = await runFolio(["serve"], { DATABASE_URL: join(dir, "a-file", "sub", "f.db") });
    assertOneLineFailure(res, /ENOTDIR/);
  });

  test("a file that is garbage", async (t) => {
    const path = join(tempDir(t), "garbage.db");
    writeFileSync(path, Buffer.alloc(64 * 1024, "garbage! "));
    const res = await runFolio(["serve"], { DATABASE_URL: path });
    assertOneLineFailure(res, /not a database/);
  });

  test("a file this user may not read", async (t) => {
    const dir = tempDir(t);
    const path = await migratedFile(dir);
    chmodSync(dir, 0o755);
    chmodSync(path, 0o000);
    const root = process.getuid?.() === 0;
    // As root, run the server as nobody (65534), for whom mode 000 means what it says.
    const res = root
      ? await serveAs(65534, { DATABASE_URL: path })
      : await runFolio(["serve"], { DATABASE_URL: path });
    assertOneLineFailure(res, /unable to open/);
  });

  test("a file another process holds an exclusive lock on: a message after the busy timeout", async (t) => {
    const path = await migratedFile(tempDir(t));
    const holder = new Database(path);
    t.after(() => holder.close());
    holder.pragma("locking_mode = EXCLUSIVE");
    holder.exec("BEGIN EXCLUSIVE; CREATE TABLE held (x); INSERT INTO held VALUES (1);");
    const res = await runFolio(["serve"], { DATABASE_URL: path });
    assertOneLineFailure(res, /locked/);
  });
});

describe("store faults at run time", () => {
  async function serving(t: TestContext, path: string) {
    const store = openSqliteStore(path);
    const config = loadConfig({ CACHE_MAX_BYTES: "0", RATE_LIMIT: "0" });
    const app = await buildApp({ config, store, logger: false });
    t.after(async () => (await app.close(), await store.close()));
    return { app, store };
  }

  test("a closed connection: 503 on both routes, and the app keeps answering", async (t) => {
    const { app, store } = await serving(t, await migratedFile(tempDir(t)));
    assert.equal((await app.inject("/v1/posts/pst_1")).statusCode, 200);
    await store.close();
    for (const url of ["/v1/posts/pst_1", "/v1/publications/slug/blog/posts/slug/hello-world"]) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, "unavailable");
      assert.match(String(res.headers["retry-after"]), /^\d+$/);
    }
    assert.equal((await app.inject("/nowhere")).statusCode, 404);
  });

  test("damaged pages (a disk error under a running server): 503, not a crash", async (t) => {
    const path = await migratedFile(tempDir(t));
    const { app } = await serving(t, path);
    // Everything past the first page (the header and schema) is overwritten.
    const fd = openSync(path, "r+");
    const size = statSync(path).size;
    writeSync(fd, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096);
    const res = await app.inject("/v1/posts/pst_1");
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().error, "unavailable");
  });

  test("the file deleted under a running server: the open file still answers", async (t) => {
    const path = await migratedFile(tempDir(t));
    const { app } = await serving(t, path);
    rmSync(path);
    assert.equal((await app.inject("/v1/posts/pst_1")).statusCode, 200);
  });
});
