// Delivery on every store: signed per Standard Webhooks (verified by the
// `standardwebhooks` package), in order per post, through a receiver that goes away and
// comes back, a 410 that disables, a give-up and a redelivery under the same webhook-id.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { storeFactories } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, post, posts } from "../helpers/webhook-data.js";
import { startNode } from "../helpers/webhook-nodes.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const factory of await storeFactories()) {
  describe(`webhook delivery (${factory.name})`, () => {
    const setup = async (
      t: Parameters<typeof startReceiver>[0],
      env: Record<string, string> = {},
    ) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      await load(made.store, PUBLICATIONS);
      const receiver = await startReceiver(t);
      const endpoint = await endpointFor(made.store, receiver);
      const node = await startNode(t, made.store, env);
      return { ...made, receiver, endpoint, node };
    };

    test("each event arrives signed, with its metadata and webhook-id, and is marked delivered", async (t) => {
      const { store, receiver } = await setup(t);
      await load(store, [post("p_a", { categories: ["news"] }), post("p_b")]);
      const got = await receiver.until((r) => r.length === 2);
      assert.deepEqual(receiver.invalid, []);
      const a = got.find((r) => r.body.data.post.id === "p_a")!;
      assert.equal(a.type, "post.published");
      assert.deepEqual(a.body.data.publication, { id: "pub_w", slug: "wire" });
      assert.equal((a.body.data.post as { slug?: string }).slug, "p-a");
      assert.deepEqual((a.body.data.post as { categories?: string[] }).categories, ["news"]);
      assert.equal(
        (a.body.data.post as { markdown?: string }).markdown,
        undefined,
        "no content unasked",
      );
      assert.ok(Math.abs(a.timestamp * 1000 - a.at) < 60_000);
      const deliveries = await waitDelivered(store, 2);
      assert.deepEqual(new Set(deliveries.map((d) => d.eventId)), new Set(got.map((r) => r.id)));
    });

    test("events of one post reach the endpoint in the order they happened", async (t) => {
      const { store, receiver } = await setup(t);
      receiver.respond = { status: 204, delayMs: 60 };
      await load(store, [post("p_a")]);
      await load(store, [post("p_a", { title: "Second" })]);
      await load(store, [post("p_a", { title: "Third" })]);
      await load(store, [post("p_a", { title: "Third", status: "draft" })]);
      const got = await receiver.until((r) => r.length === 4);
      const seen = got.map((r) => `${r.type} ${String(r.body.data.post.title)}`);
      assert.deepEqual(seen, [
        "post.published Title of p_a",
        "post.updated Second",
        "post.updated Third",
        "post.unpublished Third",
      ]);
    });

    test("a receiver down for a while gets everything once it is back", async (t) => {
      const { store, receiver } = await setup(t);
      await receiver.down();
      await load(store, [PUBLICATIONS[0], ...posts(6, "d")]);
      await untilTrue(async () =>
        (await store.listDeliveries({ limit: 10 })).every((d) => d.attempts >= 2),
      );
      const failing = await store.listDeliveries({ limit: 10 });
      assert.ok(
        failing.every((d) => d.state === "pending" && /ECONNREFUSED/.test(d.lastError ?? "")),
      );
      await receiver.up();
      const got = await receiver.until((r) => new Set(r.map((x) => x.id)).size === 6);
      assert.deepEqual(receiver.invalid, []);
      assert.deepEqual(new Set(got.map((r) => r.body.data.post.id)).size, 6);
      await waitDelivered(store, 6);
    });

    test("410 Gone disables the endpoint and fails what was pending for it", async (t) => {
      const { store, receiver, endpoint } = await setup(t);
      receiver.respond = { status: 410 };
      await load(store, [post("p_a")]);
      await untilTrue(async () => (await store.listEndpoints())[0]?.disabledAt !== undefined);
      const [disabled] = await store.listEndpoints();
      assert.equal(disabled!.id, endpoint.id);
      assert.equal(disabled!.disabledReason, "410 Gone");
      await untilTrue(
        async () => (await store.listDeliveries({ limit: 5 }))[0]?.state === "failed",
      );
      await load(store, [post("p_b")]);
      assert.equal((await store.listDeliveries({ limit: 5 })).length, 1, "no more events for it");
      assert.equal(
        await store.redeliver((await store.listDeliveries({ limit: 1 }))[0]!.id, Date.now()),
        "endpoint_disabled",
      );
    });

    test("a receiver failing for too long is given up on; a redelivery comes with the same webhook-id", async (t) => {
      const { store, receiver } = await setup(t, { WEBHOOK_GIVE_UP_MS: "1500" });
      receiver.respond = { status: 500, body: "x".repeat(5000) };
      await load(store, [post("p_a")]);
      await untilTrue(
        async () => (await store.listDeliveries({ failedOnly: true, limit: 1 })).length === 1,
      );
      const [failed] = await store.listDeliveries({ failedOnly: true, limit: 1 });
      assert.equal(failed!.lastStatus, 500);
      assert.ok(failed!.attempts >= 2, "retried before giving up");
      assert.ok(failed!.lastError!.length <= 300, "the receiver's body is kept short");
      const attempts = receiver.hits();
      await sleep(300);
      assert.equal(receiver.hits(), attempts, "no attempt after giving up");
      receiver.respond = { status: 200 };
      assert.equal(await store.redeliver(failed!.id, Date.now()), "queued");
      const got = await receiver.until((r) => r.some((x) => x.answered === 200));
      assert.equal(got.find((x) => x.answered === 200)!.id, failed!.eventId);
    });

    test("an endpoint that includes content gets the post's Markdown, JSON and HTML", async (t) => {
      const { store, receiver } = await setup(t);
      await store.removeEndpoint((await store.listEndpoints())[0]!.id);
      await endpointFor(store, receiver, { includeContent: true });
      await load(store, [post("p_a", { markdown: "Some *body*" })]);
      const [got] = await receiver.until((r) => r.length === 1);
      const { staticHtml, markdown, json } = got!.body.data.post;
      assert.match(String(staticHtml), /<em>body<\/em>/);
      assert.match(String(markdown), /\*body\*/);
      assert.equal(JSON.parse(String(json)).type, "doc");
    });
  });
}

async function untilTrue(test: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}

async function waitDelivered(store: Parameters<typeof endpointFor>[0], n: number) {
  await untilTrue(async () => {
    const all = await store.listDeliveries({ limit: 1000 });
    return all.length === n && all.every((d) => d.state === "delivered");
  });
  return store.listDeliveries({ limit: 1000 });
}
