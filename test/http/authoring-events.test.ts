// API writes emit their webhook events (issues 11 and 13) on every store: what a receiver
// hears, verified by `standardwebhooks`, after create, rename, unpublish, republish, delete
// and a scheduled go-live, with `sendNewsletter` as the scheduling write set it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { storeFactories } from "../helpers/stores.js";
import { bearer, buildWithWebhooks } from "../helpers/webhook-app.js";
import { endpointFor, load } from "../helpers/webhook-data.js";
import { startReceiver, type Received } from "../helpers/webhook-receiver.js";

type Post = { id: string; slug?: string; title?: string };
const postOf = (r: Received) => r.body.data.post as Post;

for (const factory of await storeFactories()) {
  describe(`events of API writes (${factory.name})`, () => {
    test("create, rename, unpublish, republish and delete each reach the receiver, in order", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory);
      const receiver = await startReceiver(t);
      await endpointFor(store, receiver, { publicationId: "pub_1" });
      const send = async (method: "POST" | "PUT" | "DELETE", url: string, body: object) => {
        const res = await app.inject({ method, url, headers: bearer("key-1"), payload: body });
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ id?: string }>();
      };
      const { id } = await send("POST", "/v1/posts", {
        title: "Letters",
        markdown: "Dear reader",
        sendNewsletter: true,
      });
      await send("PUT", `/v1/posts/${id}`, { slug: "letters-moved" });
      await send("PUT", `/v1/posts/${id}`, { status: "draft" });
      await send("PUT", `/v1/posts/${id}`, { status: "published" });
      await send("DELETE", `/v1/posts/${id}`, {});
      const got = (await receiver.until((r) => r.length >= 5)).filter((r) => postOf(r).id === id);
      assert.deepEqual(receiver.invalid, []);
      const types = ["published", "updated", "unpublished", "published", "deleted"];
      assert.deepEqual(
        got.map((r) => r.type),
        types.map((type) => `post.${type}`),
      );
      const [published, renamed, , , deleted] = got;
      assert.equal(published!.body.data.sendNewsletter, true, "the create asked for a newsletter");
      assert.equal(postOf(published!).title, "Letters");
      assert.deepEqual(published!.body.data.publication, { id: "pub_1", slug: "blog" });
      assert.equal(renamed!.body.data.previousSlug, "letters", "the old URL to purge");
      assert.equal(postOf(renamed!).slug, "letters-moved");
      assert.deepEqual(postOf(deleted!), { id, slug: "letters-moved" });
    });

    test("an unpublish or archive tells the post as it was last public, never what the hiding write brought", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory);
      const receiver = await startReceiver(t);
      await endpointFor(store, receiver, { publicationId: "pub_1", includeContent: true });
      const send = async (method: "POST" | "PUT", url: string, body: object) => {
        const res = await app.inject({ method, url, headers: bearer("key-1"), payload: body });
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ id: string }>();
      };
      const { id } = await send("POST", "/v1/posts", { title: "Letters", markdown: "Dear reader" });
      // Hidden and rewritten in one request: the new text was never public.
      await send("PUT", `/v1/posts/${id}`, {
        status: "draft",
        title: "NEW",
        markdown: "NEW BODY",
        slug: "new-slug",
      });
      await send("PUT", `/v1/posts/${id}`, { status: "published", title: "Again" });
      await send("PUT", `/v1/posts/${id}`, {
        status: "archived",
        title: "SECRET",
        markdown: "GONE",
      });
      // An import that drafts a published post with new text is held to the same rule.
      const notes = await send("POST", "/v1/posts", { title: "Notes", markdown: "Old" });
      await load(store, [
        {
          type: "post",
          id: notes.id,
          publicationId: "pub_1",
          slug: "notes",
          title: "IMPORTED",
          markdown: "IMPORTED BODY",
          status: "draft",
          updatedAt: Date.now(),
        },
      ]);
      const got = await receiver.until((r) => r.length >= 6);
      assert.deepEqual(receiver.invalid, []);
      // In order per post; the two posts' events interleave as they will.
      const of = (postId: string) => got.filter((r) => postOf(r).id === postId);
      const told = (postId: string) => of(postId).map((r) => `${r.type} ${postOf(r).title}`);
      assert.deepEqual(told(id), [
        "post.published Letters",
        "post.unpublished Letters",
        "post.published Again",
        "post.unpublished Again",
      ]);
      assert.deepEqual(told(notes.id), ["post.published Notes", "post.unpublished Notes"]);
      const [, drafted, , archived] = of(id);
      const [, imported] = of(notes.id);
      assert.equal(postOf(drafted!).slug, "letters", "the slug receivers hold");
      assert.equal(drafted!.body.data.previousSlug, undefined);
      assert.match(String(drafted!.body.data.post.markdown), /Dear reader/);
      // Republished, the draft's body became public; the archiving write's never did.
      assert.match(String(archived!.body.data.post.staticHtml), /NEW BODY/);
      assert.match(String(imported!.body.data.post.markdown), /Old/);
      assert.doesNotMatch(JSON.stringify(drafted!.body), /NEW/);
      assert.doesNotMatch(JSON.stringify(got.map((r) => r.body)), /SECRET|GONE|IMPORTED/);
    });

    test("a scheduled post's go-live emits post.published once, with its newsletter flag", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory);
      const receiver = await startReceiver(t);
      await endpointFor(store, receiver, { publicationId: "pub_1" });
      const create = (body: object) =>
        app.inject({ method: "POST", url: "/v1/posts", headers: bearer("key-1"), payload: body });
      const at = Date.now() + 1500;
      const later = await create({
        title: "Later",
        markdown: "x",
        scheduledAt: at,
        sendNewsletter: true,
      });
      assert.equal(later.json<{ status: string }>().status, "scheduled");
      const plain = await create({ title: "Plain", markdown: "y" });
      const plainId = plain.json<{ id: string }>().id;
      const first = await receiver.until((r) => r.length >= 1);
      assert.equal(postOf(first[0]!).id, plainId, "the scheduled post is not announced early");
      assert.equal(first[0]!.body.data.sendNewsletter, false, "a create without the flag");
      const got = await receiver.until((r) => r.length >= 2, 15_000);
      const live = got[1]!;
      assert.equal(live.type, "post.published");
      assert.equal(postOf(live).id, later.json<{ id: string }>().id);
      assert.ok(live.at >= at, "not before its time");
      assert.equal(live.body.data.sendNewsletter, true, "the scheduling write's flag");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(receiver.received.length, 2, "once");
    });
  });
}
