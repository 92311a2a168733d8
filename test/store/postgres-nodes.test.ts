// Two `folio serve` processes on one PostgreSQL database: a post changed through
// `folio import` is answered in its new version by both nodes within a second.
import { strict as assert } from "node:assert";
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, before, describe, it } from "node:test";
import { NO_SHEDDING } from "../helpers/app.js";
import { loadFixtures, records } from "../helpers/fixtures.js";
import { postgresFactory, storeFactories, type TestStore } from "../helpers/stores.js";

const FOLIO = fileURLToPath(new URL("../../../bin/folio.js", import.meta.url));
const usable = (await storeFactories()).some((f) => f.name === "postgres");

/** Starts a node on an ephemeral port and resolves with its address once it serves. */
async function startNode(url: string): Promise<{ child: ChildProcess; address: string }> {
  // Not shedding load: on a busy machine a 503 would read as the old version.
  const env = {
    ...{ ...process.env, DATABASE_URL: url, PORT: "0", LOG_LEVEL: "warn", RATE_LIMIT: "0" },
    ...NO_SHEDDING,
  };
  const child = spawn(process.execPath, [FOLIO, "serve"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const address = /^Folio is serving .* at (http:\/\/\S+)$/.exec(line)?.[1];
    if (address) return { child, address };
  }
  throw new Error("folio serve ended before serving");
}

describe(
  "two nodes on one PostgreSQL database",
  { skip: !usable && "PostgreSQL not reachable" },
  () => {
    let db: TestStore;
    let dir: string;
    const nodes: Array<{ child: ChildProcess; address: string }> = [];
    before(async () => {
      db = await postgresFactory.create();
      await loadFixtures(db.store);
      dir = mkdtempSync(join(tmpdir(), "folio-nodes-"));
      nodes.push(...(await Promise.all([startNode(db.url), startNode(db.url)])));
    });
    after(async () => {
      for (const { child } of nodes) {
        child.kill("SIGTERM");
        if (child.exitCode === null) await once(child, "exit");
      }
      rmSync(dir, { recursive: true, force: true });
      await db.dispose();
    });

    const title = async (address: string) => {
      const response = await fetch(`${address}/v1/posts/pst_1`);
      const body = (await response.json()) as { title?: string };
      assert.equal(response.status, 200, `${address}: ${JSON.stringify(body)}`);
      return body.title;
    };

    it("answers the new version on every node within a second of the import", async (t) => {
      for (const { address } of nodes) assert.equal(await title(address), "Hello");
      const file = join(dir, "change.ndjson");
      const changed = { ...records.find((r) => r.id === "pst_1"), title: "Hello again" };
      writeFileSync(file, `${JSON.stringify(changed)}\n`);
      await promisify(execFile)(process.execPath, [FOLIO, "import", file], {
        env: { ...process.env, DATABASE_URL: db.url },
      });
      const imported = performance.now();
      const delays = await Promise.all(
        nodes.map(async ({ address }) => {
          while (performance.now() - imported < 1000) {
            if ((await title(address)) === "Hello again") return performance.now() - imported;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          return Infinity;
        }),
      );
      t.diagnostic(`new version seen after ${delays.map((d) => `${d.toFixed(0)} ms`).join(", ")}`);
      assert.ok(delays.every(Number.isFinite), "a node still answered the old version after 1 s");
    });
  },
);
