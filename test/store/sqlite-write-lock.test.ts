// A write that finds SQLite's write lock taken waits for it without holding the event loop:
// requests go on being answered meanwhile, and a holder in this same process can finish.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../../src/store/sqlite/open.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";

test("beginWrite waits on timers for another connection's lock, then begins", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-test-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = openSqliteStore(join(dir, "folio.db"));
  await store.migrate();
  t.after(() => store.close());
  const other = new Database(join(dir, "folio.db"));
  t.after(() => other.close());
  other.exec("BEGIN IMMEDIATE");

  const started = Date.now();
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  t.after(() => clearInterval(ticker));
  // The holder lets go on a timer: it could not if beginWrite held the event loop.
  setTimeout(() => other.exec("COMMIT"), 300);
  const write = await store.beginWrite();
  clearInterval(ticker);
  const waited = Date.now() - started;
  await write.rollback();

  assert.ok(waited >= 250 && waited < 4000, `began once the lock was free (${waited} ms)`);
  assert.ok(ticks >= 10, `the event loop ran meanwhile (${ticks} ticks of 10 ms)`);
  // And the connection waits for locks again as it did (its statements rely on it).
  assert.equal(store.db.pragma("busy_timeout", { simple: true }), BUSY_TIMEOUT_MS);
});
