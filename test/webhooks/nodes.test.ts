// Many nodes on PostgreSQL: every node claims, each event is delivered, and in a
// run with no crash none is delivered by two nodes (each claim is held by one, under a lease).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openSecond } from "../helpers/store-tools.js";
import { postgresFactory, storeFactories } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, posts } from "../helpers/webhook-data.js";
import { startNode } from "../helpers/webhook-nodes.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

const N = 60;
const onPostgres = (await storeFactories()).includes(postgresFactory);

describe("webhooks on two PostgreSQL nodes", { skip: !onPostgres && "no PostgreSQL" }, () => {
  test("every event is delivered once, by one node or the other", async (t) => {
    const { store, url, dispose } = await postgresFactory.create();
    t.after(dispose);
    const other = await openSecond(url);
    t.after(() => other.close());
    await load(store, PUBLICATIONS);
    const receiver = await startReceiver(t);
    receiver.respond = { status: 204, delayMs: 15 };
    await endpointFor(store, receiver);
    const env = { WEBHOOK_CONCURRENCY: "4" };
    const nodes = [await startNode(t, store, env), await startNode(t, other, env)];
    await load(store, posts(N, "n"));
    await receiver.until((r) => new Set(r.map((x) => x.id)).size === N, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(receiver.invalid, []);
    assert.equal(receiver.received.length, N, "no event delivered twice");
    const delivered = nodes.map((n) => n.runtime.counters.attempts.delivered);
    assert.equal(delivered[0]! + delivered[1]!, N);
    const all = await store.listDeliveries({ limit: N });
    assert.ok(all.every((d) => d.state === "delivered" && d.attempts === 1));
  });
});
