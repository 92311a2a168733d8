// The store's part of the authoring API, on every backend: keys kept as hashes,
// the transaction's questions and removals, slug history kept by every write path, the
// own-posts list, and view totals summed from any number of batches.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { PostStore } from "../../src/store/post-store.js";
import { UnknownPublicationError } from "../../src/store/api-keys.js";
import { FUTURE, NOW, PAST, loadFixtures, records } from "../helpers/fixtures.js";
import { covers, importLines, noticeCollector } from "../helpers/store-tools.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

const fixture = (id: string) => records.find((r) => r.id === id)!;

for (const factory of await storeFactories()) {
  describe(`authoring store (${factory.name})`, () => {
    let t: TestStore;
    let store: PostStore;
    before(async () => {
      t = await factory.create();
      store = t.store;
      await loadFixtures(store);
    });
    after(() => t.dispose());

    it("keeps API keys by hash, finds live ones only, and refuses unknown publications", async () => {
      const key = {
        id: "key_a",
        publicationId: "pub_1",
        hash: "h".repeat(64),
        hint: "folio_sk_ab",
      };
      await store.createApiKey({ ...key, name: "CMS", createdAt: 5 });
      assert.deepEqual(await store.findApiKey(key.hash), { ...key, name: "CMS", createdAt: 5 });
      await assert.rejects(
        store.createApiKey({
          ...key,
          id: "key_b",
          hash: "x",
          publicationId: "pub_nope",
          createdAt: 1,
        }),
        UnknownPublicationError,
      );
      assert.equal(await store.revokeApiKey("key_a", 9), true);
      assert.equal(await store.revokeApiKey("key_a", 10), false);
      assert.equal(await store.findApiKey(key.hash), undefined);
      const listed = await store.listApiKeys();
      assert.deepEqual(listed, [{ ...key, name: "CMS", createdAt: 5, revokedAt: 9 }]);
    });

    it("records a rename made by an import as slug history, and a retaken slug leaves it", async () => {
      await importLines(store, [{ ...fixture("pst_bare"), slug: "bare-renamed" }]);
      const tx = await store.beginWrite({ bulk: false });
      assert.deepEqual(await tx.slugHolder("pub_1", "bare"), {
        postId: "pst_bare",
        current: false,
      });
      assert.deepEqual(await tx.slugHolder("pub_1", "bare-renamed"), {
        postId: "pst_bare",
        current: true,
      });
      await tx.rollback();
      assert.equal(await store.findMovedSlug("blog", "bare", NOW), "bare-renamed");
      assert.equal(await store.findMovedSlug("Other-Pub", "bare", NOW), undefined);
      await importLines(store, [{ ...fixture("pst_bare"), slug: "bare" }]);
      assert.equal(await store.findMovedSlug("blog", "bare", NOW), undefined);
      assert.equal(await store.findMovedSlug("blog", "bare-renamed", NOW), "bare");
    });

    it("hides a moved slug whose post is not visible", async () => {
      await importLines(store, [{ ...fixture("pst_draft"), slug: "draft-2" }]);
      assert.equal(await store.findMovedSlug("blog", "draft", NOW), undefined);
    });

    it("locks a post of its publication only, with every stored field", async () => {
      const tx = await store.beginWrite({ bulk: false });
      try {
        const post = await tx.lockPost("pub_1", { id: "pst_1" });
        assert.equal(post?.slug, "hello-world");
        assert.equal(post?.sendNewsletter, false);
        assert.equal(typeof post?.rendererVersion, "number");
        assert.match(post?.content.json ?? "", /"doc"/);
        assert.equal((await tx.lockPost("pub_1", { slug: "hello-world" }))?.id, "pst_1");
        assert.equal(await tx.lockPost("pub_2", { id: "pst_1" }), undefined);
        assert.deepEqual(await tx.foreignAuthors("pub_1", ["usr_1", "usr_9"]), ["usr_9"]);
        assert.deepEqual(await tx.foreignAuthors("pub_2", ["usr_1"]), ["usr_1"]);
      } finally {
        await tx.rollback();
      }
    });

    it("claims an idempotency key once, gives the stored answer after, and frees it when expired", async () => {
      const claim = {
        publicationId: "pub_1",
        key: "k1",
        requestHash: "a",
        now: 100,
        expiredBefore: 0,
      };
      let tx = await store.beginWrite({ bulk: false });
      assert.equal(await tx.claimIdempotencyKey(claim), undefined);
      await tx.saveIdempotentAnswer("pub_1", "k1", '{"id":"x"}');
      await tx.commit();
      tx = await store.beginWrite({ bulk: false });
      assert.deepEqual(await tx.claimIdempotencyKey({ ...claim, requestHash: "b" }), {
        requestHash: "a",
        answer: '{"id":"x"}',
      });
      assert.equal(
        await tx.claimIdempotencyKey({ ...claim, key: "k1", publicationId: "pub_2" }),
        undefined,
      );
      assert.equal(
        await tx.claimIdempotencyKey({ ...claim, now: 200, expiredBefore: 150 }),
        undefined,
      );
      await tx.rollback();
    });

    it("deletes a post with its history and views, and tells watchers", async () => {
      const { listener, next } = noticeCollector();
      const stop = await store.watchChanges(listener);
      await importLines(store, [
        {
          type: "post",
          id: "pst_gone",
          publicationId: "pub_1",
          slug: "gone",
          title: "G",
          publishedAt: PAST,
        },
      ]);
      await importLines(store, [
        {
          type: "post",
          id: "pst_gone",
          publicationId: "pub_1",
          slug: "gone-2",
          title: "G",
          publishedAt: PAST,
        },
      ]);
      await store.addViews(new Map([["pst_gone", 3]]));
      const tx = await store.beginWrite({ bulk: false });
      await tx.deletePost("pst_gone");
      await tx.commit();
      await next(covers("pst_gone"));
      await stop();
      assert.equal(await store.findPostById("pst_gone", { withContent: false }), undefined);
      assert.equal(await store.findMovedSlug("blog", "gone", NOW), undefined);
    });

    it("lists a publication's own posts by status, newest first, in keyset pages, with views", async () => {
      await store.addViews(
        new Map([
          ["pst_1", 2],
          ["pst_nope", 5],
        ]),
      );
      await store.addViews(new Map([["pst_1", 3]]));
      const query = { publicationId: "pub_1", limit: 1, withContent: false, now: NOW };
      const first = await store.listOwnPosts({ ...query, status: "published" });
      assert.equal(first.total, 2);
      assert.equal(first.hasMore, true);
      const last = first.posts[0]!;
      const second = await store.listOwnPosts({ ...query, status: "published", after: last });
      assert.equal(second.hasMore, false);
      const ids = [last.id, second.posts[0]!.id].sort();
      assert.deepEqual(ids, ["pst_1", "pst_bare"]);
      assert.ok(last.createdAt >= second.posts[0]!.createdAt);
      const views = [...first.posts, ...second.posts].find((p) => p.id === "pst_1")?.views;
      assert.equal(views, 5);
      const ofStatus = async (status: "draft" | "scheduled" | "archived") =>
        (await store.listOwnPosts({ ...query, limit: 10, status })).posts.map((p) => p.id);
      assert.deepEqual(await ofStatus("draft"), ["pst_draft"]);
      assert.deepEqual(await ofStatus("scheduled"), ["pst_future"]);
      assert.deepEqual(await ofStatus("archived"), ["pst_archived"]);
      const later = await store.listOwnPosts({
        ...query,
        limit: 10,
        status: "published",
        now: FUTURE,
      });
      assert.ok(later.posts.some((p) => p.id === "pst_future"));
      const withContent = await store.listOwnPosts({
        ...query,
        status: "draft",
        withContent: true,
      });
      assert.match(withContent.posts[0]?.content?.staticHtml ?? "", /secret/);
    });
  });
}
