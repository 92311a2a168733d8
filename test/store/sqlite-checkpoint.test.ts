// The embedded store's write-ahead log is copied into the database file by a thread of its
// own once the store has written, not by the commits of its writers; closing the store ends
// that thread.
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { test } from "node:test";
import { loadFixtures, PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { sqliteFactory } from "../helpers/stores.js";

const sizeOf = (path: string) => statSync(path).size;

test("writes reach the database file without a writer checkpointing", async (t) => {
  const { store, url, dispose } = await sqliteFactory.create();
  t.after(dispose);
  // The first write starts the thread.
  await loadFixtures(store);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = sizeOf(url);
  // Some hundreds of pages: under the 1,000 at which SQLite's writer would checkpoint.
  const words = "A line of a long post, written to fill pages of the log. ".repeat(350);
  const lines = Array.from({ length: 20 }, (_, i) => ({
    type: "post",
    id: `pst_big_${i}`,
    publicationId: "pub_1",
    slug: `big-${i}`,
    title: `Big ${i}`,
    publishedAt: PAST,
    markdown: words,
  }));
  assert.equal((await importLines(store, lines)).committed, true);
  const logged = sizeOf(`${url}-wal`);
  assert.ok(logged > 1_000_000 && logged < 4_000_000, `the commit left ${logged} bytes in the log`);
  const deadline = Date.now() + 5_000;
  while (sizeOf(url) < before + 1_000_000 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(sizeOf(url) >= before + 1_000_000, `the file grew ${sizeOf(url) - before} bytes`);
});
