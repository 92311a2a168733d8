// A scheduled post's `post.published`: made by a sweep when it goes live, no write
// involved; it arrives after its time, within a few seconds, and once, with two nodes (or,
// on SQLite, the serving process and another process's store) watching for it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openSecond } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, post } from "../helpers/webhook-data.js";
import { startNode } from "../helpers/webhook-nodes.js";
import { startReceiver } from "../helpers/webhook-receiver.js";

for (const factory of await storeFactories()) {
  describe(`scheduled go-live events (${factory.name})`, () => {
    test("post.published arrives after its time, within seconds, once", async (t) => {
      const { store, url, dispose } = await factory.create();
      t.after(dispose);
      await load(store, PUBLICATIONS);
      const receiver = await startReceiver(t);
      await endpointFor(store, receiver);
      const other = await openSecond(url);
      t.after(() => other.close());
      const nodes = [await startNode(t, store), await startNode(t, other)];
      const at = Date.now() + 1500;
      await load(store, [post("p_soon", { publishedAt: at }), post("p_now")]);
      await receiver.until((r) => r.some((x) => x.body.data.post.id === "p_soon"));
      const soon = receiver.received.find((x) => x.body.data.post.id === "p_soon")!;
      assert.equal(soon.type, "post.published");
      assert.ok(soon.at >= at, "not before its time");
      assert.ok(soon.at - at < 5000, `within a few seconds (${soon.at - at} ms)`);
      // Both nodes sweep again (their timers, and by hand): still one event.
      for (const node of nodes) node.runtime.start();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const events = receiver.received.filter((x) => x.body.data.post.id === "p_soon");
      assert.deepEqual(
        events.map((e) => e.type),
        ["post.published"],
      );
      assert.deepEqual(receiver.invalid, []);
    });
  });
}
