// With REDIS_URL, a key's write budget is one across every node: two apps
// over one store and one Redis allow the key WRITE_RATE_LIMIT writes in all, not twice that.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { makeKey, sender } from "../helpers/authoring.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { REDIS_TEST_URL, redisAvailable, uniquePrefix } from "../helpers/redis.js";
import { sqliteFactory } from "../helpers/stores.js";

const LIMIT = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("write limits shared through Redis", { skip: !(await redisAvailable()) }, () => {
  test("two nodes allow one key LIMIT writes in all; the per-address limit stays apart", async (t) => {
    const { store, dispose } = await sqliteFactory.create();
    t.after(dispose);
    await loadFixtures(store);
    const { secret } = await makeKey(store, "pub_1");
    const env = {
      REDIS_URL: REDIS_TEST_URL,
      ...{ WRITE_RATE_LIMIT: String(LIMIT), RATE_LIMIT: "1000", LOG_LEVEL: "info" },
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // Sharing, not speed, is tested: a loaded machine's stall must not pass for an outage.
      REDIS_TIMEOUT_MS: "5000",
    };
    // A node whose event loop stalls while it starts (a loaded machine) misses Redis's first
    // answer and counts alone until it reconnects, saying both: wait for that; a round in
    // which a node fell back again proves nothing and is run again, at most thrice.
    const round = async () => {
      const lines: string[] = [];
      const stream = new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) });
      const count = (re: RegExp) => lines.filter((line) => re.test(line)).length;
      const alone = () => count(/counted per process/) - count(/shared again/);
      const node = async () => {
        const config = loadConfig({ ...env, REDIS_KEY_PREFIX: prefix });
        const logger = { level: "info", stream };
        const app = await buildApp({ config, store, clock: () => NOW, logger });
        t.after(() => app.close());
        await app.ready();
        return sender(app, secret);
      };
      const prefix = uniquePrefix();
      const nodes = [await node(), await node()];
      for (let waited = 0; alone() > 0 && waited < 10_000; waited += 50) await sleep(50);
      const before = count(/counted per process/);
      const statuses: number[] = [];
      for (let i = 0; i < 2 * LIMIT; i++) {
        const send = nodes[i % 2]!;
        const res = await send({
          method: "PUT",
          url: "/v1/posts/pst_bare",
          body: { title: `T${i}` },
        });
        statuses.push(res.statusCode);
      }
      return { nodes, statuses, fellBack: alone() > 0 || count(/counted per process/) > before };
    };
    let attempt = await round();
    for (let i = 1; i < 3 && attempt.fellBack; i++) attempt = await round();
    assert.equal(attempt.fellBack, false, "Redis answered in time in none of three rounds");
    const { nodes, statuses } = attempt;
    assert.deepEqual(statuses, [...Array(LIMIT).fill(200), ...Array(LIMIT).fill(429)]);
    const read = await nodes[0]!({ method: "GET", url: "/v1/posts" });
    assert.equal(read.statusCode, 200, "reads by the key are not writes");
  });
});
