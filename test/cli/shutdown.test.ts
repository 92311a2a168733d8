// Graceful shutdown: SIGTERM in the middle of a burst over keep-alive connections. Every
// request the server accepted is answered 200; the rest find the port closed; exit 0.
import assert from "node:assert/strict";
import { Agent, request } from "node:http";
import { describe, test } from "node:test";
import { loadFixtures } from "../helpers/fixtures.js";
import { startFolio } from "../helpers/cli.js";
import { sqliteFactory } from "../helpers/stores.js";

type Outcome = { id: string; status?: number; error?: string };

function get(base: string, agent: Agent, id: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(`${base}/v1/posts/pst_1`, { agent, headers: { "x-request-id": id } });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ id, status: res.statusCode }));
      res.on("error", (e: NodeJS.ErrnoException) => resolve({ id, error: e.code ?? e.message }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ id, error: e.code ?? e.message }));
    req.end();
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  describe(`graceful shutdown on ${signal}`, () => {
    test("in-flight requests finish with 200, nothing accepted is dropped, exit 0", async (t) => {
      const { store, url, dispose } = await sqliteFactory.create();
      await loadFixtures(store);
      // LOG_LEVEL=info: the server logs every request it accepts, with our request id.
      const server = startFolio([], { DATABASE_URL: url, LOG_LEVEL: "info", RATE_LIMIT: "0" });
      t.after(async () => (server.child.kill("SIGKILL"), await dispose()));
      const base = await server.address;
      const agents = Array.from({ length: 10 }, () => new Agent({ keepAlive: true }));
      const outcomes: Outcome[] = [];
      let answered = 0;
      const worker = async (w: number) => {
        for (let i = 0; i < 20; i++) {
          const outcome = await get(base, agents[w]!, `burst-${w}-${i}`);
          outcomes.push(outcome);
          if (outcome.status !== undefined && ++answered === 50) server.child.kill(signal);
        }
      };
      await Promise.all(agents.map((_a, w) => worker(w)));
      agents.forEach((a) => a.destroy());
      assert.equal(await server.exited, 0);

      const log = server.output();
      const statuses = new Set(outcomes.flatMap((o) => (o.status ? [o.status] : [])));
      assert.deepEqual([...statuses], [200], "every answer is a 200");
      assert.ok(answered >= 50, `${answered} answered`);
      assert.ok(log.includes('"burst-0-0"'), "the server logs the ids of requests it accepts");
      const failed = outcomes.filter((o) => o.error !== undefined);
      assert.ok(failed.length > 0, "some requests came after the close (the burst spans it)");
      for (const { id, error } of failed) {
        // Refused, or reset on a socket the server never read a request from.
        assert.ok(!log.includes(`"${id}"`), `${id} was accepted, then failed with ${error}`);
      }
      const errors = [...new Set(failed.map((o) => o.error))].join(", ");
      t.diagnostic(`${answered} answered 200, ${failed.length} not accepted (${errors})`);
    });
  });
}
