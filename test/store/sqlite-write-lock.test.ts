// A write that finds SQLite's write lock taken waits for it without holding the event loop:
// requests go on being answered meanwhile, and a holder in this same process can finish.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../../src/store/sqlite/open.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";

/**
 * A store whose file another connection holds the write lock of, let go 300 ms later on a
 * timer (which could not run if the store held the event loop), and a count of 10 ms ticks.
 */
async function lockedStore(t: TestContext) {
  const dir = mkdtempSync(join(tmpdir(), "folio-test-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = openSqliteStore(join(dir, "folio.db"));
  await store.migrate();
  t.after(() => store.close());
  const other = new Database(join(dir, "folio.db"));
  t.after(() => other.close());
  other.exec("BEGIN IMMEDIATE");
  const loop = { ticks: 0 };
  const ticker = setInterval(() => loop.ticks++, 10);
  t.after(() => clearInterval(ticker));
  setTimeout(() => other.exec("COMMIT"), 300);
  return { store, loop, stop: () => clearInterval(ticker) };
}

test("beginWrite waits on timers for another connection's lock, then begins", async (t) => {
  const { store, loop, stop } = await lockedStore(t);
  const started = Date.now();
  const write = await store.beginWrite();
  stop();
  const waited = Date.now() - started;
  await write.rollback();

  assert.ok(waited >= 250 && waited < 4000, `began once the lock was free (${waited} ms)`);
  assert.ok(loop.ticks >= 10, `the event loop ran meanwhile (${loop.ticks} ticks of 10 ms)`);
  // And the connection waits for locks again as it did (its statements rely on it).
  assert.equal(store.db.pragma("busy_timeout", { simple: true }), BUSY_TIMEOUT_MS);
});

test("a maintenance write (one transaction of the store's own) waits on timers too", async (t) => {
  const { store, loop, stop } = await lockedStore(t);
  // A re-render's write, with nothing to change: it still takes the write lock.
  await store.updateDerived([]);
  stop();

  assert.ok(loop.ticks >= 10, `the event loop ran meanwhile (${loop.ticks} ticks of 10 ms)`);
  assert.equal(store.db.pragma("busy_timeout", { simple: true }), BUSY_TIMEOUT_MS);
});
