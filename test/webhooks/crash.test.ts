// kill -9 of the delivering process mid-batch: every event is delivered after a
// restart, those cut off in flight again under the same webhook-id, once their lease ends.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { startFolio } from "../helpers/cli.js";
import { storeFactories } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, posts } from "../helpers/webhook-data.js";
import { FAST_WEBHOOKS, startReceiver } from "../helpers/webhook-receiver.js";

const N = 40;

for (const factory of await storeFactories()) {
  describe(`webhooks after kill -9 (${factory.name})`, () => {
    test("every event is delivered after a restart; the cut-off ones again with the same id", async (t) => {
      const { store, url, dispose } = await factory.create();
      t.after(dispose);
      await load(store, PUBLICATIONS);
      const receiver = await startReceiver(t);
      await endpointFor(store, receiver);
      await load(store, posts(N, "k"));
      const env = { DATABASE_URL: url, ...FAST_WEBHOOKS, WEBHOOK_CONCURRENCY: "8" };
      receiver.respond = { status: 204, hold: true };
      const first = startFolio([], env);
      t.after(() => first.child.kill("SIGKILL"));
      await first.address;
      await receiver.until((r) => r.length >= 8);
      first.child.kill("SIGKILL");
      await first.exited;
      const cutOff = new Set(receiver.received.map((r) => r.id));
      receiver.respond = { status: 204 };
      receiver.release();
      const pending = await store.listDeliveries({ limit: N });
      assert.ok(pending.filter((d) => d.state === "delivered").length < N, "killed mid-batch");

      const second = startFolio([], env);
      t.after(() => second.child.kill("SIGKILL"));
      await second.address;
      const delivered = (r: { answered: number }) => r.answered === 204;
      const got = await receiver.until(
        (r) => new Set(r.filter(delivered).map((x) => x.id)).size === N,
        30_000,
      );
      assert.deepEqual(receiver.invalid, []);
      const ids = new Set((await store.listDeliveries({ limit: N })).map((d) => d.eventId));
      assert.deepEqual(new Set(got.filter(delivered).map((r) => r.id)), ids);
      for (const id of cutOff)
        assert.ok(
          got.some((r) => r.id === id && delivered(r)),
          `${id} sent again`,
        );
      // A webhook-id names one event: every copy of it is about the same post.
      const postOf = new Map<string, string>();
      for (const r of got) {
        const known = postOf.get(r.id) ?? r.body.data.post.id;
        assert.equal(r.body.data.post.id, known);
        postOf.set(r.id, known);
      }
      await untilAllDelivered(store, N);
    });
  });
}

async function untilAllDelivered(store: Parameters<typeof load>[0], n: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = await store.listDeliveries({ limit: n });
    if (all.length === n && all.every((d) => d.state === "delivered")) return;
    if (Date.now() > deadline) throw new Error("not every delivery was marked delivered");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
