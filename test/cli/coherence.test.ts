// A write from another process (folio import while folio serve runs) reaches the server's
// response cache within a second.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadFixtures, PAST } from "../helpers/fixtures.js";
import { runFolio, startFolio } from "../helpers/cli.js";
import { storeFactories } from "../helpers/stores.js";

const post = (id: string, slug: string, title: string) =>
  JSON.stringify({ type: "post", id, publicationId: "pub_1", slug, title, publishedAt: PAST });
const changed = [
  post("pst_1", "hello-world", "Changed elsewhere"),
  post("pst_new", "new", "New"),
].join("\n");

async function titleWithin(url: string, expected: string, ms: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(url);
    const body = (await res.json()) as { title?: string };
    const elapsed = performance.now() - started;
    if (body.title === expected) return elapsed;
    if (elapsed > ms) assert.fail(`still '${body.title}' after ${Math.round(elapsed)} ms`);
    await sleep(25);
  }
}

for (const factory of await storeFactories()) {
  describe(`coherence across processes (${factory.name})`, () => {
    test("an import by the CLI shows on a serving node within a second", async (t) => {
      const { store, url, dispose } = await factory.create();
      await loadFixtures(store);
      const server = startFolio([], { DATABASE_URL: url });
      t.after(async () => {
        server.child.kill("SIGKILL");
        await dispose();
      });
      const base = await server.address;
      const url1 = `${base}/v1/posts/pst_1`;
      assert.equal(((await (await fetch(url1)).json()) as { title: string }).title, "Hello");
      const missing = `${base}/v1/posts/pst_new`;
      assert.equal((await fetch(missing)).status, 404);
      const imported = await runFolio(["import", "-"], { DATABASE_URL: url }, changed);
      assert.equal(imported.code, 0, imported.stderr);
      await titleWithin(url1, "Changed elsewhere", 1000);
      await titleWithin(`${url1}?includeContent=true`, "Changed elsewhere", 1000);
      await titleWithin(missing, "New", 1000);
    });
  });
}
