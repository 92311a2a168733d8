// The shared store suite: every backend must answer these the same way.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { PostStore } from "../../src/store/post-store.js";
import { PAST, loadFixtures, records } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

const fixturePost = records.find((r) => r.id === "pst_1")!;
const post = (fields: Record<string, unknown>) => ({
  ...{ type: "post", publicationId: "pub_1", title: "T", publishedAt: PAST },
  ...fields,
});

for (const factory of await storeFactories()) {
  describe(`store (${factory.name})`, () => {
    let t: TestStore;
    let store: PostStore;
    before(async () => {
      t = await factory.create();
      store = t.store;
      await loadFixtures(store);
    });
    after(() => t.dispose());

    it("reads a post by id without its content", async () => {
      const found = await store.findPostById("pst_1", { withContent: false });
      if (!found) return assert.fail("pst_1 not found");
      assert.equal(found.content, undefined);
      assert.deepEqual(
        { ...found, authors: found.authors.map((a) => a.id) },
        {
          ...{ id: "pst_1", publicationId: "pub_1", publicationSlug: "blog", slug: "hello-world" },
          ...{ title: "Hello", subtitle: "A first post", status: "published", coinId: "coin_1" },
          ...{ imageUrl: "https://img.example.com/hello.png", publishedAt: PAST },
          ...{
            updatedAt: PAST + 1000,
            categories: ["essays", "news"],
            authors: ["usr_2", "usr_1"],
          },
        },
      );
    });

    it("reads a post by slugs with its content, the same post as by id", async () => {
      const bySlugs = await store.findPostBySlugs("blog", "hello-world", { withContent: true });
      const byId = await store.findPostById("pst_1", { withContent: true });
      assert.deepEqual(bySlugs, byId);
      const content = bySlugs?.content;
      if (!content) return assert.fail("no content");
      assert.equal(JSON.parse(content.json).type, "doc");
      assert.match(content.staticHtml, /Hi &lt;there&gt; &amp; all/);
      assert.match(content.markdown, /Hi/);
    });

    it("matches ids and slugs exactly, Unicode included", async () => {
      assert.equal(await store.findPostById("pst_nope", { withContent: false }), undefined);
      assert.equal(await store.findPostById("pst_case", { withContent: false }), undefined);
      assert.equal(
        (await store.findPostById("Pst_Case", { withContent: false }))?.slug,
        "Case-Slug",
      );
      assert.equal(
        await store.findPostBySlugs("other-pub", "Case-Slug", { withContent: false }),
        undefined,
      );
      const unicode = await store.findPostBySlugs("Other-Pub", "café-ü", { withContent: false });
      assert.equal(unicode?.id, "pst_unicode");
    });

    it("gives authors in the post's order with absent fields omitted", async () => {
      const found = await store.findPostById("pst_1", { withContent: false });
      assert.deepEqual(found?.authors, [
        { id: "usr_2", publicationId: "pub_1", name: "Ben" },
        {
          ...{ id: "usr_1", publicationId: "pub_1", name: "Ada", bio: "Writes." },
          ...{
            walletAddress: `0x${"ab".repeat(20)}`,
            avatarUrl: "https://img.example.com/ada.png",
          },
          social: { username: "ada", displayName: "Ada L", fid: 3 },
        },
      ]);
      // A list serializes the record as it is: every backend gives one key order.
      const social = JSON.stringify(found?.authors[1]?.social);
      assert.equal(social, '{"username":"ada","displayName":"Ada L","fid":3}');
    });

    it("omits absent optional fields and gives empty lists", async () => {
      const bare = await store.findPostById("pst_bare", { withContent: true });
      if (!bare) return assert.fail("pst_bare not found");
      for (const field of ["subtitle", "imageUrl", "coinId"]) assert.equal(field in bare, false);
      assert.deepEqual([bare.categories, bare.authors], [[], []]);
      assert.deepEqual(bare.content, { json: bare.content?.json, staticHtml: "", markdown: "" });
      const draft = await store.findPostById("pst_draft", { withContent: false });
      assert.equal(draft?.status, "draft");
      assert.equal("publishedAt" in (draft ?? {}), false);
    });

    it("counts posts", async () => {
      assert.equal(await store.countPosts(), 7);
    });

    it("replaces a post's authors and categories on upsert", async () => {
      const changed = { ...fixturePost, categories: ["z", "a"], authorIds: ["usr_1"] };
      assert.equal((await importLines(store, [changed])).committed, true);
      const found = await store.findPostById("pst_1", { withContent: false });
      assert.deepEqual(found?.categories, ["z", "a"]);
      assert.deepEqual(
        found?.authors.map((a) => a.id),
        ["usr_1"],
      );
      await importLines(store, [fixturePost]);
      const back = await store.findPostById("pst_1", { withContent: false });
      assert.deepEqual(
        back?.authors.map((a) => a.id),
        ["usr_2", "usr_1"],
      );
      assert.deepEqual(back?.categories, ["essays", "news"]);
    });

    it("rejects a slug another post or publication holds, and writes nothing", async () => {
      const summary = await importLines(store, [
        post({ id: "pst_new", slug: "new-one" }),
        post({ id: "pst_dup", slug: "hello-world" }),
        { type: "publication", id: "pub_3", slug: "blog", name: "Copy" },
      ]);
      assert.equal(summary.committed, false);
      assert.deepEqual(summary.rejections, [
        { line: 2, field: "slug", reason: "already used by post pst_1 in this publication" },
        { line: 3, field: "slug", reason: "already used by publication pub_1" },
      ]);
      assert.equal(await store.findPostById("pst_new", { withContent: false }), undefined);
    });

    it("rejects unknown publications and authors", async () => {
      const summary = await importLines(store, [
        post({ id: "pst_x", slug: "x", publicationId: "pub_none" }),
        post({ id: "pst_y", slug: "y", authorIds: ["usr_1", "usr_none"] }),
        { type: "author", id: "usr_x", publicationId: "pub_none", name: "X" },
      ]);
      assert.deepEqual(
        summary.rejections.map((r) => [r.line, r.field, r.reason]),
        [
          [1, "publicationId", "unknown publication pub_none"],
          [2, "authorIds", "unknown author usr_none"],
          [3, "publicationId", "unknown publication pub_none"],
        ],
      );
      assert.equal(await store.countPosts(), 7);
    });

    it("checks each record against the ones before it in the same file", async () => {
      const lines = [
        { type: "publication", id: "pub_9", slug: "nine", name: "Nine" },
        { type: "author", id: "usr_9", publicationId: "pub_9", name: "Nina" },
        post({ id: "pst_9a", publicationId: "pub_9", slug: "first" }),
        // The same post again, moved: its first slug is free for the next line.
        post({ id: "pst_9a", publicationId: "pub_9", slug: "moved", authorIds: ["usr_9"] }),
        post({ id: "pst_9b", publicationId: "pub_9", slug: "first", title: "Second" }),
      ];
      const taken = post({ id: "pst_9c", publicationId: "pub_9", slug: "moved" });
      const refused = await importLines(store, [...lines, taken]);
      assert.deepEqual(refused.rejections, [
        { line: 6, field: "slug", reason: "already used by post pst_9a in this publication" },
      ]);
      assert.equal((await importLines(store, lines)).committed, true);
      const first = await store.findPostBySlugs("nine", "first", { withContent: false });
      assert.equal(first?.title, "Second");
      const moved = await store.findPostBySlugs("nine", "moved", { withContent: false });
      assert.deepEqual(
        moved?.authors.map((a) => a.name),
        ["Nina"],
      );
    });
  });
}
