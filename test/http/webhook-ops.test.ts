// Webhooks beside the API: a receiver that never answers holds neither reads nor
// writes, readiness does not depend on receivers, and the metrics show the queue and outcomes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { storeFactories } from "../helpers/stores.js";
import { buildWithWebhooks } from "../helpers/webhook-app.js";
import { endpointFor, load, post } from "../helpers/webhook-data.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const factory of await storeFactories()) {
  describe(`webhooks beside the API (${factory.name})`, () => {
    test("a receiver that never answers holds no read, no write and not readiness", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory, {
        WEBHOOK_CONCURRENCY: "2",
        METRICS_ON_API_PORT: "true",
      });
      const receiver = await startReceiver(t);
      receiver.respond = { status: 204, hold: true };
      await endpointFor(store, receiver);
      await load(store, [
        post("p_1", { publicationId: "pub_1" }),
        post("p_2", { publicationId: "pub_1" }),
        post("p_3", { publicationId: "pub_1" }),
      ]);
      await receiver.until((r) => r.length === 2);
      // Every delivery slot is taken by a request the receiver has not answered: still,
      const read = await app.inject("/v1/posts/pst_1");
      assert.equal(read.statusCode, 200, `reads are answered: ${read.body}`);
      await load(store, [post("p_4", { publicationId: "pub_1" })]);
      assert.equal((await app.inject("/v1/posts/p_4")).statusCode, 200, "writes commit");
      const ready = await app.inject("/readyz");
      assert.equal(ready.statusCode, 200);
      const metrics = (await app.inject("/metrics")).body;
      assert.equal(sample(metrics, "folio_webhook_queue_depth"), 4);
      assert.ok(sample(metrics, "folio_webhook_oldest_pending_age_seconds")! >= 0);
      assert.equal(receiver.received.length, 2, "no more than the concurrency in flight");
      receiver.respond = { status: 204 };
      receiver.release();
      await receiver.until((r) => new Set(r.map((x) => x.id)).size === 4);
      const after = async () => (await app.inject("/metrics")).body;
      const settled = (m: string) =>
        sample(m, 'folio_webhook_deliveries_total{outcome="delivered"}') === 4 &&
        sample(m, "folio_webhook_queue_depth") === 0;
      let text = await after();
      for (let i = 0; i < 100 && !settled(text); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        text = await after();
      }
      assert.equal(sample(text, 'folio_webhook_deliveries_total{outcome="delivered"}'), 4);
      assert.equal(sample(text, "folio_webhook_queue_depth"), 0);
      assert.equal(sample(text, "folio_webhook_oldest_pending_age_seconds"), 0);
    });

    test("readiness stays ready while every attempt fails", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory, { METRICS_ON_API_PORT: "true" });
      const receiver = await startReceiver(t);
      await receiver.down();
      await endpointFor(store, receiver);
      await load(store, [post("p_1", { publicationId: "pub_1" })]);
      for (
        let i = 0;
        i < 200 && ((await store.listDeliveries({ limit: 1 }))[0]?.attempts ?? 0) < 2;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok((await store.listDeliveries({ limit: 1 }))[0]!.attempts >= 2);
      const ready = await app.inject("/readyz");
      assert.equal(ready.statusCode, 200);
      assert.ok(
        sample(
          (await app.inject("/metrics")).body,
          'folio_webhook_deliveries_total{outcome="retry"}',
        )! >= 1,
      );
    });
  });
}
