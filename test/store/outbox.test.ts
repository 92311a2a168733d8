// The transactional outbox on every store: writes record their events in the same
// transaction, a rolled-back write records nothing, re-renders only when the HTML changed,
// go-lives once whichever store sweeps. Read back through the delivery listing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseRecord } from "../../src/import/records.js";
import { importNdjson } from "../../src/import/run-import.js";
import { ndjson } from "../helpers/fixtures.js";
import { openSecond } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";
import { PUBLICATIONS, endpointFor, load, post, recorded } from "../helpers/webhook-data.js";

const target = { url: "http://127.0.0.1:9/hook", secret: undefined };

for (const factory of await storeFactories()) {
  describe(`outbox (${factory.name})`, () => {
    const fresh = async (t: { after(f: () => Promise<void>): void }) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      await load(made.store, PUBLICATIONS);
      return made;
    };

    test("an import records published for visible posts only; the same file again, nothing", async (t) => {
      const { store } = await fresh(t);
      await endpointFor(store, target);
      const lines = [
        post("p_a"),
        post("p_b", { status: "draft" }),
        post("p_c", { publishedAt: Date.now() + 3_600_000 }),
      ];
      await load(store, lines);
      assert.deepEqual(await recorded(store), ["post.published p_a"]);
      await load(store, lines);
      assert.deepEqual(await recorded(store), ["post.published p_a"]);
    });

    test("changes are told as updated (with the previous slug), unpublished, published again", async (t) => {
      const { store } = await fresh(t);
      await endpointFor(store, target);
      await load(store, [post("p_a")]);
      await load(store, [post("p_a", { slug: "moved", title: "New title" })]);
      await load(store, [post("p_a", { slug: "moved", title: "New title", status: "archived" })]);
      await load(store, [post("p_a", { slug: "moved", title: "New title" })]);
      const types = ["published", "updated", "unpublished", "published"].map(
        (t) => `post.${t} p_a`,
      );
      assert.deepEqual(await recorded(store), types);
      const [, updated] = (await store.listDeliveries({ limit: 10 })).reverse();
      assert.equal(updated!.eventType, "post.updated");
      // What receivers are sent, in order: one post's deliveries are claimable one at a time.
      const sent: { type: string; data: Record<string, unknown> }[] = [];
      for (let i = 0; i < 4; i++) {
        const claim = { owner: "test", now: Date.now(), leaseMs: 60_000, limit: 1 };
        const [delivery] = await store.claimDeliveries(claim);
        sent.push(JSON.parse(delivery!.payload) as (typeof sent)[number]);
        const outcome = { kind: "delivered" } as const;
        await store.finishAttempt({ id: delivery!.id, owner: "test", at: Date.now(), outcome });
      }
      assert.deepEqual(
        sent.map((e) => e.data.previousSlug),
        [undefined, "p-a", undefined, undefined],
        "the old slug only where it changed",
      );
      assert.ok(
        sent.every((e) => !("sendNewsletter" in e.data)),
        "an import carries none",
      );
      assert.equal((sent[1]!.data.post as { slug: string }).slug, "moved");
    });

    test("a rolled-back import records nothing, and leaves what receivers were told as it was", async (t) => {
      const { store } = await fresh(t);
      await endpointFor(store, target);
      const summary = await importNdjson(store, ndjson([post("p_a"), { type: "post", id: "bad" }]));
      assert.equal(summary.committed, false);
      assert.deepEqual(await recorded(store), []);
      await load(store, [post("p_a")]);
      assert.deepEqual(
        await recorded(store),
        ["post.published p_a"],
        "still news after the rollback",
      );
    });

    test("a re-render records updated only where the HTML changed, with the new HTML", async (t) => {
      const { store } = await fresh(t);
      await endpointFor(store, target, { includeContent: true });
      await load(store, [post("p_a"), post("p_b")]);
      const [a, b] = await store.listPostSources("", 10);
      const same = await store.findPostById(b!.id, { withContent: true });
      await store.updateDerived([
        {
          id: a!.id,
          json: a!.json,
          staticHtml: "<p>new</p>",
          markdown: "new",
          rendererVersion: 99,
        },
        { id: b!.id, ...same!.content!, rendererVersion: 99 },
      ]);
      assert.deepEqual((await recorded(store)).slice(2), ["post.updated p_a"]);
      // A post's deliveries go out in order: its post.published first.
      const claim = { owner: "test", now: Date.now() + 60_000, leaseMs: 60_000, limit: 10 };
      for (const first of await store.claimDeliveries(claim))
        await store.finishAttempt({
          ...{ id: first.id, owner: "test", at: claim.now },
          ...{ outcome: { kind: "delivered" }, status: 200 },
        });
      const [updated] = await store.claimDeliveries(claim);
      assert.match(updated?.content ?? "", /<p>new<\/p>/, "the event carries what was written");
    });

    test("endpoints hear only their publication and their events; with none, nothing is stored", async (t) => {
      const { store } = await fresh(t);
      await load(store, [post("p_a")]);
      assert.deepEqual(await recorded(store), [], "no endpoint, no event");
      const mine = await endpointFor(store, target, { publicationId: "pub_x" });
      const updates = await endpointFor(store, target, { events: ["post.updated"] });
      await load(store, [
        post("p_a", { title: "Changed" }),
        post("p_x", { publicationId: "pub_x" }),
      ]);
      const deliveries = await store.listDeliveries({ limit: 10 });
      const seen = deliveries.map(
        (d) =>
          `${d.endpointId === mine.id ? "mine" : d.endpointId === updates.id ? "updates" : "?"} ${d.eventType} ${d.postId}`,
      );
      assert.deepEqual(seen.sort(), ["mine post.published p_x", "updates post.updated p_a"]);
      assert.deepEqual(
        await store.listDeliveries({ publicationId: "pub_x", limit: 10 }).then((d) => d.length),
        1,
      );
    });

    test("a scheduled post is announced once when it goes live, whichever store sweeps", async (t) => {
      const { store, url } = await fresh(t);
      const second = await openSecond(url);
      t.after(() => second.close());
      await endpointFor(store, target);
      // Far enough ahead that the write commits before it on a busy machine; the sweeps are
      // told the instant they sweep at, so nothing here waits for the clock.
      const at = Date.now() + 10_000;
      await load(store, [post("p_s", { publishedAt: at })]);
      assert.equal(await store.announceGoLives(at - 1), 0, "not yet");
      // One after the other: on SQLite a sweep gives up at once while another one writes.
      const first = await store.announceGoLives(at);
      assert.equal(first + (await second.announceGoLives(at)), 1);
      assert.equal(await second.announceGoLives(at + 1), 0);
      assert.deepEqual(await recorded(store), ["post.published p_s"]);
    });

    test("a post written as scheduled and live before its write commits is announced by the commit", async (t) => {
      const { store } = await fresh(t);
      await endpointFor(store, target);
      const tx = await store.beginWrite({ bulk: false });
      const at = Date.now() + 200;
      const line = JSON.stringify(post("p_soon", { publishedAt: at }));
      assert.deepEqual(
        await tx.apply([{ line: 1, record: parseRecord(line, Date.now()).record }]),
        [],
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() + 20)));
      await tx.commit();
      // No sweep ran: the commit made the event.
      assert.deepEqual(await recorded(store), ["post.published p_soon"]);
      assert.equal(await store.announceGoLives(Date.now()), 0);
    });

    test("an endpoint removed takes its deliveries with it", async (t) => {
      const { store } = await fresh(t);
      const e = await endpointFor(store, target);
      await load(store, [post("p_a")]);
      assert.equal(await store.removeEndpoint(e.id, "pub_w"), false, "not that publication's");
      assert.equal(await store.removeEndpoint(e.id), true);
      assert.deepEqual(await recorded(store), []);
      assert.deepEqual(await store.listEndpoints(), []);
    });
  });
}
