// FOLIO_WORKERS: several processes share the port, each with its own cache, all coherent.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { runFolio, startFolio } from "../helpers/cli.js";

test("two workers answer on one port and both see a CLI import within a second", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-workers-"));
  const env = { DATABASE_URL: join(dir, "folio.db") };
  const server = startFolio(["--demo-if-empty"], { ...env, FOLIO_WORKERS: "2" });
  t.after(() => {
    server.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
  const base = await server.address;
  assert.match(server.output(), /with 2 workers/);
  const url = `${base}/v1/posts/pst_welcome`;
  // Warm both workers' caches: keep-alive off so connections spread over the workers.
  for (let i = 0; i < 8; i++)
    assert.equal((await fetch(url, { headers: { connection: "close" } })).status, 200);
  const line = JSON.stringify({
    type: "post",
    id: "pst_welcome",
    publicationId: "pub_field",
    slug: "hello-folio",
    title: "Renamed",
    publishedAt: 1732147200000,
  });
  assert.equal((await runFolio(["import", "-"], env, line)).code, 0);
  await sleep(1000);
  const titles = new Set<string>();
  for (let i = 0; i < 8; i++) {
    const res = await fetch(url, { headers: { connection: "close" } });
    titles.add(((await res.json()) as { title: string }).title);
  }
  assert.deepEqual([...titles], ["Renamed"]);
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});
