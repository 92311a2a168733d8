// The discovery read roles on every backend: publications, users, keyset lists, search.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { ListQuery, PostStore } from "../../src/store/post-store.js";
import { FUTURE, NOW, PAST, loadFixtures } from "../helpers/fixtures.js";
import { importLines, noticeCollector } from "../helpers/store-tools.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

const doc = (text: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

const extra = [
  {
    type: "publication",
    id: "pub_3",
    slug: "gardens",
    name: "Small Gardens",
    ownerUserId: "usr_3",
    customDomain: "https://Blog.Example.COM",
    summary: "Notes on raised beds and compost",
    logoUrl: "https://img.example.com/logo.png",
  },
  {
    type: "author",
    id: "usr_3",
    publicationId: "pub_3",
    name: "Cy",
    walletAddress: `0x${"Cd".repeat(20)}`,
  },
  ...[1, 2, 3, 4, 5].map((i) => ({
    type: "post",
    id: `pst_g${i}`,
    publicationId: "pub_3",
    slug: `g${i}`,
    title: i === 2 ? "Compost for beginners" : `Garden diary ${i}`,
    publishedAt: PAST - i * 1000,
    categories: ["garden", ...(i % 2 === 0 ? ["even"] : [])],
    authorIds: ["usr_3"],
    json: doc(i === 4 ? "Everything about compost heaps" : "Tomatoes and beans"),
  })),
  // Same time as pst_g1: the id breaks the tie.
  {
    type: "post",
    id: "pst_g0",
    publicationId: "pub_3",
    slug: "g0",
    title: "Tie",
    publishedAt: PAST - 1000,
    categories: ["garden"],
  },
  {
    type: "post",
    id: "pst_gdraft",
    publicationId: "pub_3",
    slug: "gd",
    title: "Compost draft",
    status: "draft",
    categories: ["garden"],
  },
  {
    type: "post",
    id: "pst_gsoon",
    publicationId: "pub_3",
    slug: "gs",
    title: "Compost soon",
    publishedAt: FUTURE,
    categories: ["garden"],
  },
];

const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

for (const factory of await storeFactories()) {
  describe(`discovery reads (${factory.name})`, () => {
    let t: TestStore;
    let store: PostStore;
    before(async () => {
      t = await factory.create();
      store = t.store;
      await loadFixtures(store);
      const summary = await importLines(store, extra);
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
    });
    after(() => t.dispose());

    it("reads a publication by id, slug and domain host, with the original's fields", async () => {
      const byId = await store.findPublication({ id: "pub_3" });
      assert.deepEqual(byId, {
        ...{ id: "pub_3", slug: "gardens", name: "Small Gardens", ownerUserId: "usr_3" },
        ...{
          customDomain: "https://Blog.Example.COM",
          summary: "Notes on raised beds and compost",
        },
        logoUrl: "https://img.example.com/logo.png",
      });
      assert.deepEqual(await store.findPublication({ slug: "gardens" }), byId);
      assert.deepEqual(await store.findPublication({ domainHost: "blog.example.com" }), byId);
      assert.equal(await store.findPublication({ domainHost: "Blog.Example.COM" }), undefined);
      assert.equal(await store.findPublication({ id: "pub_none" }), undefined);
    });

    it("names an owner: the one written, else the first author by id, else none", async () => {
      assert.equal((await store.findPublication({ id: "pub_1" }))?.ownerUserId, "usr_1");
      assert.equal((await store.findPublication({ id: "pub_2" }))?.ownerUserId, "");
      const many = await store.publicationsByIds(["pub_2", "pub_1", "pub_none", "a\0b"]);
      assert.deepEqual(ids(many).sort(), ["pub_1", "pub_2"]);
    });

    it("reads a user by id and by wallet whatever its letter case", async () => {
      const user = await store.findUser({ id: "usr_3" });
      assert.deepEqual(user, {
        ...{ id: "usr_3", publicationId: "pub_3", name: "Cy" },
        walletAddress: `0x${"Cd".repeat(20)}`,
      });
      assert.deepEqual(await store.findUser({ walletAddress: `0x${"cD".repeat(20)}` }), user);
      assert.equal(await store.findUser({ walletAddress: `0x${"00".repeat(20)}` }), undefined);
      assert.deepEqual(ids(await store.usersByIds(["usr_1", "usr_3", "nope"])).sort(), [
        "usr_1",
        "usr_3",
      ]);
    });

    it("reads a user's social profile as written, its fid a number on every backend", async () => {
      const [ada] = await store.usersByIds(["usr_1"]);
      assert.deepEqual(ada?.social, { username: "ada", displayName: "Ada L", fid: 3 });
      assert.deepEqual(await store.findUser({ id: "usr_1" }), ada);
    });

    it("finds nothing, and fails nothing, for keys holding NUL, controls, spaces or ..", async () => {
      for (const key of ["pub\0_1", "pub_1\u0007", "pub 1", "..", "../pub_1", "usr\0_1"]) {
        assert.equal(await store.findPublication({ id: key }), undefined, key);
        assert.equal(await store.findPublication({ slug: key }), undefined, key);
        assert.equal(await store.findPublication({ domainHost: key }), undefined, key);
        assert.equal(await store.findUser({ id: key }), undefined, key);
        assert.equal(await store.findUser({ walletAddress: key }), undefined, key);
      }
      const found = await store.usersByIds(["usr\0_1", "usr_1", "..", "usr 3"]);
      assert.deepEqual(ids(found), ["usr_1"]);
      assert.deepEqual(await store.publicationsByIds(["\0"]), []);
    });

    const list = (scope: ListQuery["scope"], rest: Partial<ListQuery> = {}) =>
      store.listPosts({ scope, limit: 100, withContent: false, visibleAt: NOW, ...rest });

    it("lists a publication's visible posts newest first, ties broken by id", async () => {
      const posts = await list({ publicationId: "pub_3" });
      assert.deepEqual(ids(posts), ["pst_g1", "pst_g0", "pst_g2", "pst_g3", "pst_g4", "pst_g5"]);
      assert.equal(posts[0]?.publicationSlug, "gardens");
      assert.equal(posts[0]?.content, undefined);
      const withContent = await list({ publicationId: "pub_3" }, { limit: 1, withContent: true });
      assert.match(withContent[0]?.content?.staticHtml ?? "", /Tomatoes/);
    });

    it("pages by position: each page starts strictly after the last post of the one before", async () => {
      const seen: string[] = [];
      let after: ListQuery["after"];
      for (;;) {
        const page = await list({ publicationId: "pub_3" }, { limit: 2, after });
        if (page.length === 0) break;
        seen.push(...ids(page));
        const last = page.at(-1)!;
        after = { publishedAt: last.publishedAt!, id: last.id };
      }
      assert.deepEqual(seen, ids(await list({ publicationId: "pub_3" })));
    });

    it("names a post's neighbours in its publication's list, hidden posts skipped", async () => {
      const neighbours = (post: { id: string; publishedAt?: number }, visibleAt = NOW) =>
        store.neighbours({
          ...{ publicationId: "pub_3", visibleAt },
          position: { publishedAt: post.publishedAt!, id: post.id },
        });
      const link = (post?: { slug: string; title: string }) =>
        post && { slug: post.slug, title: post.title };
      const posts = await list({ publicationId: "pub_3" });
      for (const [i, post] of posts.entries()) {
        const expected = { older: link(posts[i + 1]), newer: link(posts[i - 1]) };
        for (const end of ["older", "newer"] as const) {
          if (expected[end] === undefined) delete expected[end];
        }
        assert.deepEqual(await neighbours(post), expected, post.id);
      }
      // The scheduled post is the newest one from its time on, and not a moment before.
      assert.deepEqual((await neighbours(posts[0]!, FUTURE)).newer, {
        ...{ slug: "gs", title: "Compost soon" },
      });
      assert.equal((await neighbours(posts[0]!, FUTURE - 1)).newer, undefined);
    });

    it("lists a category within one publication, and one author's posts", async () => {
      const inPublication = (publicationId: string, tag: string) =>
        list({ publicationTag: { publicationId, tag } });
      assert.deepEqual(ids(await inPublication("pub_3", "even")), ["pst_g2", "pst_g4"]);
      assert.deepEqual(ids(await inPublication("pub_1", "news")), ["pst_1"]);
      assert.deepEqual(ids(await inPublication("pub_3", "news")), []);
      assert.deepEqual(ids(await inPublication("pub_1", "even")), []);
      const garden = ids(await inPublication("pub_3", "garden"));
      assert.deepEqual(garden, ["pst_g1", "pst_g0", "pst_g2", "pst_g3", "pst_g4", "pst_g5"]);
      const byCy = ids(await list({ authorId: "usr_3" }));
      assert.deepEqual(byCy, ["pst_g1", "pst_g2", "pst_g3", "pst_g4", "pst_g5"]);
      const page = await list({ authorId: "usr_3" }, { limit: 2 });
      const last = page.at(-1)!;
      const rest = await list(
        { authorId: "usr_3" },
        { after: { publishedAt: last.publishedAt!, id: last.id } },
      );
      assert.deepEqual([...ids(page), ...ids(rest)], byCy);
    });

    it("lists every publication in id order, a keyset page at a time", async () => {
      const all = ids(await store.listPublications("", 100));
      assert.ok(all.includes("pub_3"));
      assert.deepEqual(all, [...all].sort());
      const paged: string[] = [];
      for (let after = ""; ;) {
        const page = await store.listPublications(after, 1);
        if (page.length === 0) break;
        paged.push(...ids(page));
        after = page[0]!.id;
      }
      assert.deepEqual(paged, all);
    });

    it("lists a category across publications, and every publication", async () => {
      assert.deepEqual(ids(await list({ tag: "even" })), ["pst_g2", "pst_g4"]);
      assert.deepEqual(ids(await list({ tag: "news" })), ["pst_1"]);
      assert.deepEqual(ids(await list({ tag: "Even" })), []);
      const all = ids(await list({ everything: true }));
      // Equal times: ids in descending byte order on both backends ("P" sorts before "p").
      assert.deepEqual(all.slice(0, 4), ["pst_unicode", "pst_bare", "pst_1", "Pst_Case"]);
      for (const hidden of ["pst_draft", "pst_future", "pst_archived", "pst_gdraft", "pst_gsoon"]) {
        assert.ok(!all.includes(hidden), hidden);
      }
    });

    it("shows a scheduled post in every list from its time on, with no write", async () => {
      const at = FUTURE;
      const scopes: ListQuery["scope"][] = [
        { publicationId: "pub_3" },
        { tag: "garden" },
        { everything: true },
      ];
      for (const scope of scopes) {
        assert.ok(!ids(await list(scope)).includes("pst_gsoon"));
        assert.equal(ids(await list(scope, { visibleAt: at }))[0], "pst_gsoon");
        assert.ok(!ids(await list(scope, { visibleAt: at - 1 })).includes("pst_gsoon"));
      }
    });

    it("keeps tag lists equal to the posts when a post's status or time changes", async () => {
      await importLines(store, [{ ...extra[3], status: "draft" }]); // pst_g2 withdrawn
      assert.deepEqual(ids(await list({ tag: "even" })), ["pst_g4"]);
      await importLines(store, [{ ...extra[3], publishedAt: PAST + 5000 }]);
      assert.deepEqual(ids(await list({ tag: "even" })), ["pst_g2", "pst_g4"]);
      await importLines(store, [extra[3]]);
    });

    it("finds posts by title, subtitle and text, ranked, visible ones only", async () => {
      const hits = await store.searchPosts({ terms: ["compost"], limit: 10, visibleAt: NOW });
      // The title match ranks above the text match; the draft and the scheduled post stay out.
      assert.deepEqual(
        hits.map((h) => h.post.id),
        ["pst_g2", "pst_g4"],
      );
      assert.match(hits[1]!.markdownHead, /compost heaps/);
      const stemmed = await store.searchPosts({ terms: ["tomato"], limit: 10, visibleAt: NOW });
      assert.equal(stemmed.length, 4);
      const prefix = await store.searchPosts({ terms: ["diar"], limit: 2, visibleAt: NOW });
      assert.equal(prefix.length, 2);
      const both = await store.searchPosts({ terms: ["garden", "5"], limit: 9, visibleAt: NOW });
      assert.deepEqual(
        both.map((h) => h.post.id),
        ["pst_g5"],
      );
      const scoped = await store.searchPosts({
        ...{ terms: ["hello"], limit: 9, visibleAt: NOW },
        publicationId: "pub_3",
      });
      assert.equal(scoped.length, 0);
      assert.equal((await store.searchPosts({ terms: [], limit: 9, visibleAt: NOW })).length, 0);
    });

    it("keeps the search index current with every write, in its transaction", async () => {
      const find = (term: string) => store.searchPosts({ terms: [term], limit: 9, visibleAt: NOW });
      await importLines(store, [{ ...extra[5], title: "Rhubarb season" }]);
      assert.deepEqual(
        (await find("rhubarb")).map((h) => h.post.id),
        ["pst_g4"],
      );
      assert.equal((await find("diary")).length, 3);
      // A file with a bad line is rolled back whole: its index changes go with it.
      const failed = await importLines(store, [{ ...extra[5], title: "Parsnips" }, { type: "?" }]);
      assert.equal(failed.committed, false);
      assert.equal((await find("parsnip")).length, 0);
      assert.equal((await find("rhubarb")).length, 1);
    });

    it("finds publications by name, slug and summary", async () => {
      const found = await store.searchPublications({ terms: ["compost"], limit: 5 });
      assert.deepEqual(ids(found), ["pub_3"]);
      assert.deepEqual(ids(await store.searchPublications({ terms: ["blog"], limit: 5 })), [
        "pub_1",
      ]);
    });

    it("signs cursors with one key per store, the same for every caller", async () => {
      const key = await store.cursorKey();
      assert.match(key, /^[0-9a-f]{64}$/);
      assert.equal(await store.cursorKey(), key);
    });

    it("says which lists a write touched, before and after it", async () => {
      const { listener, next } = noticeCollector();
      const stop = await store.watchChanges(listener);
      try {
        await importLines(store, [
          { ...extra[3], publicationId: "pub_1", slug: "moved", categories: ["moved"] },
        ]);
        const notice = await next((n) => n.postIds.includes("pst_g2"));
        assert.deepEqual(notice.publicationIds?.sort(), ["pub_1", "pub_3"]);
        assert.deepEqual(notice.tags?.sort(), ["even", "garden", "moved"]);
      } finally {
        await stop();
        await importLines(store, [extra[3]]);
      }
    });
  });
}
