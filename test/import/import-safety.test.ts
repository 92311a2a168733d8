// Import safety across processes: `folio import` killed with SIGKILL mid-way leaves the
// store exactly as it was; readers on other connections see the old version until the
// import commits, then the new one, never a mixture.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, test, type TestContext } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { FOLIO_BIN } from "../helpers/cli.js";
import { loadFixtures, PAST } from "../helpers/fixtures.js";
import { writeGeneratedFile } from "../helpers/generated.js";
import { sqliteFactory } from "../helpers/stores.js";

async function fixtureFile(t: TestContext) {
  const { store, url, dispose } = await sqliteFactory.create();
  await loadFixtures(store);
  await store.close();
  t.after(dispose);
  return { path: url, dir: join(url, "..") };
}

/** Every row of every table, hashed in a stable order, with the row counts. */
function snapshot(reader: Database.Database) {
  const tables = reader
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const hash = createHash("sha256");
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = reader.prepare(`SELECT * FROM "${table}"`).raw().all();
    counts[table] = rows.length;
    hash.update(JSON.stringify([table, rows.map((row) => JSON.stringify(row)).sort()]));
  }
  return { counts, hash: hash.digest("hex") };
}

function startImport(path: string, file: string, stdin: "ignore" | "pipe" = "ignore") {
  const child = spawn(process.execPath, [FOLIO_BIN, "import", file], {
    env: { ...process.env, DATABASE_URL: path, LOG_LEVEL: "warn" },
    stdio: [stdin, "ignore", "ignore"],
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited };
}

/** True while another connection holds the write lock: the import's one transaction. */
function writerActive(path: string): () => boolean {
  const probe = new Database(path);
  probe.pragma("busy_timeout = 0");
  return () => {
    try {
      probe.exec("BEGIN IMMEDIATE; ROLLBACK;");
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
      throw error;
    }
  };
}

/** Waits until the import's uncommitted pages spill into the WAL: it is well under way. */
async function walGrows(path: string, bytes: number, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  while (!done && !(existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > bytes)) {
    await sleep(20);
  }
  assert.ok(!done, "the import was still running when its writes showed in the WAL");
}

describe("import safety across processes", () => {
  test("SIGKILL in the middle of a 50k-post import leaves the store exactly as before", async (t) => {
    const { path, dir } = await fixtureFile(t);
    const file = join(dir, "big.ndjson");
    await writeGeneratedFile(file, 50_000);
    const reader = new Database(path, { readonly: true });
    t.after(() => reader.close());
    const before = snapshot(reader);

    const run = startImport(path, file);
    t.after(() => run.child.kill("SIGKILL"));
    await walGrows(path, 2 * 1024 * 1024, run.exited);
    const writing = writerActive(path);
    assert.ok(writing(), "the import's transaction is open");
    assert.deepEqual(snapshot(reader), before, "a reader mid-import sees the old version");
    assert.ok(writing(), "and still open: the kill lands mid-transaction");
    run.child.kill("SIGKILL");
    assert.equal((await run.exited).signal, "SIGKILL");

    const after = new Database(path);
    t.after(() => after.close());
    assert.equal(after.pragma("integrity_check", { simple: true }), "ok");
    assert.deepEqual(snapshot(after), before);
  });

  test("a reader sees the old version until the commit, then the new, never a mixture", async (t) => {
    const { path, dir } = await fixtureFile(t);
    const file = join(dir, "medium.ndjson");
    await writeGeneratedFile(file, 2_000);
    const reader = new Database(path, { readonly: true });
    t.after(() => reader.close());
    // One statement, one snapshot: two would let the commit land between them.
    const both = reader.prepare(
      "SELECT (SELECT title FROM posts WHERE id = 'pst_1') AS title, (SELECT count(*) FROM posts) AS posts",
    );
    const read = () => ({ ...(both.get() as { title: string; posts: number }) });
    const old = read();
    // From standard input: while the input stays open, the import cannot have committed.
    const run = startImport(path, "-", "pipe");
    t.after(() => run.child.kill("SIGKILL"));
    run.child.stdin!.write(readFileSync(file));
    const writing = writerActive(path);
    while (!writing()) await sleep(20); // its BEGIN IMMEDIATE, before the first record
    const during = [read(), read(), read()];
    assert.deepEqual(during, [old, old, old], "mid-import, the old version");
    // The last line changes an existing post: visible only together with the 2 000 new ones.
    const changed = { type: "post", id: "pst_1", publicationId: "pub_1", slug: "hello-world" };
    run.child.stdin!.end(
      JSON.stringify({ ...changed, title: "Changed", publishedAt: PAST }) + "\n",
    );
    const seen: ReturnType<typeof read>[] = [];
    let finished = false;
    void run.exited.then(() => (finished = true));
    while (!finished) {
      seen.push(read());
      await sleep(5);
    }
    assert.equal((await run.exited).code, 0);
    const now = read();
    assert.deepEqual(now, { title: "Changed", posts: old.posts + 2_000 });
    const firstNew = seen.findIndex((state) => state.title !== old.title);
    const expected = seen.map((_s, i) => (firstNew < 0 || i < firstNew ? old : now));
    assert.deepEqual(seen, expected, "old, then new; nothing in between");
  });
});
