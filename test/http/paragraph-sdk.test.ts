// The promise to the original service's users: its client, @paragraph-com/sdk as published
// on npm and unchanged, reads Folio — publications by id, slug and domain, users by id and wallet,
// one post by id and by slugs, a publication's posts through every page by its cursor, a
// category's posts, the feed and both searches — every answer passing the client's own zod
// response schemas.
//
// The client has no base URL option: test/helpers/paragraph-sdk.ts catches the one axios
// instance it makes at load and points it at this test's server. The requests are real HTTP
// to a listening Folio; the client's code is not touched.
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe, test } from "node:test";
import { SEARCH_LIMIT } from "../../src/http/discovery/lookup-docs.js";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { makeKey } from "../helpers/authoring.js";
import { PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { pointClientAt, sdk } from "../helpers/paragraph-sdk.js";
import { storeFactories } from "../helpers/stores.js";

const WALLET = `0x${"5e".repeat(20)}`;
const data = [
  {
    type: "publication",
    id: "pub_sdk",
    slug: "sdk-garden",
    name: "SDK Garden",
    ownerUserId: "usr_sdk",
    customDomain: "https://Garden.Example.org",
    summary: "Raised beds, compost and patience",
    logoUrl: "https://img.example.com/garden.png",
  },
  {
    type: "author",
    id: "usr_sdk",
    publicationId: "pub_sdk",
    name: "Gil",
    walletAddress: WALLET,
    avatarUrl: "https://img.example.com/gil.png",
    bio: "Grows things.",
    social: { username: "gil", displayName: "Gil G", fid: 77 },
  },
  ...Array.from({ length: 23 }, (_, i) => ({
    type: "post",
    id: `pst_sdk_${String(i).padStart(2, "0")}`,
    publicationId: "pub_sdk",
    slug: `bed-${i}`,
    title: i === 5 ? "Compost, a field guide" : `Bed number ${i}`,
    subtitle: `Week ${i}`,
    imageUrl: "https://img.example.com/bed.png",
    publishedAt: PAST - i * 60_000,
    categories: ["beds", ...(i % 3 === 0 ? ["thirds"] : [])],
    authorIds: ["usr_sdk"],
    markdown: `## Bed ${i}\n\nWe turned the **compost** and planted *beans*.`,
    // Renamed once: its first slug answers a redirect to the one it has now.
    ...(i === 3 ? { oldSlugs: ["bed-three"] } : {}),
  })),
];

for (const factory of await storeFactories()) {
  describe(`the original client reads Folio (${factory.name})`, () => {
    test("every read the client makes, each answer passing the client's schemas", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      const summary = await importLines(store, data);
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
      await app.listen({ port: 0, host: "127.0.0.1" });
      pointClientAt(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      const api = new sdk.ParagraphAPI();

      const lookups = [
        [{ id: "pub_sdk" }, sdk.getPublicationByIdResponse],
        [{ slug: "sdk-garden" }, sdk.getPublicationBySlugResponse],
        [{ slug: "@sdk-garden" }, sdk.getPublicationBySlugResponse],
        [{ domain: "GARDEN.example.org" }, sdk.getPublicationByDomainResponse],
      ] as const;
      for (const [key, schema] of lookups) {
        const publication = await api.publications.get(key).single();
        schema.parse(publication);
        assert.equal(publication.id, "pub_sdk", JSON.stringify(key));
        assert.equal(publication.ownerUserId, "usr_sdk");
        assert.equal(publication.summary, "Raised beds, compost and patience");
      }

      const byId = await api.users.get({ id: "usr_sdk" }).single();
      sdk.getUserResponse.parse(byId);
      const byWallet = await api.users
        .get({ wallet: WALLET.toUpperCase().replace("0X", "0x") })
        .single();
      sdk.getUserByWalletResponse.parse(byWallet);
      assert.deepEqual(byWallet, byId);
      assert.deepEqual((byId as { social?: unknown }).social, {
        username: "gil",
        displayName: "Gil G",
        fid: 77,
      });

      const pages = [];
      let page = await api.posts.get({ publicationId: "pub_sdk" });
      for (;;) {
        sdk.getPostsResponse.parse(page);
        pages.push(page);
        if (!page.pagination.hasMore || page.pagination.cursor === undefined) break;
        page = await api.posts.get(
          { publicationId: "pub_sdk" },
          { cursor: page.pagination.cursor },
        );
      }
      assert.deepEqual(
        pages.map((p) => p.items.length),
        [10, 10, 3],
      );
      const ids = pages.flatMap((p) => p.items.map((post) => post.id));
      assert.deepEqual(
        ids,
        data.slice(2).map((r) => r.id),
      );

      const withContent = await api.posts.get(
        { publicationId: "pub_sdk" },
        { limit: 2, includeContent: true },
      );
      sdk.getPostsResponse.parse(withContent);
      assert.match(withContent.items[0]!.staticHtml ?? "", /<strong>compost<\/strong>/);

      const tagged = await api.posts.get({ tag: "thirds" }, { limit: 100 });
      sdk.getPostsByTagResponse.parse(tagged);
      assert.equal(tagged.items.length, 8);

      const feed = await api.feed.get({ limit: 5 });
      sdk.getPostsFeedResponse.parse(feed);
      assert.equal(feed.items.length, 5);
      const item = feed.items.find((i) => i.post.id === "pst_sdk_00")!;
      assert.equal(item.publication.id, "pub_sdk");
      assert.equal(item.user.id, "usr_sdk");
      assert.ok(feed.pagination.hasMore);
      const next = await api.feed.get({ cursor: feed.pagination.cursor });
      sdk.getPostsFeedResponse.parse(next);
      assert.ok(!next.items.some((n) => feed.items.some((f) => f.post.id === n.post.id)));

      const single = await api.posts.get({ publicationId: "pub_sdk", postSlug: "bed-3" }).single();
      sdk.getPostByPublicationIdAndPostSlugResponse.parse(single);
      assert.equal(single.id, "pst_sdk_03");

      // The interface's own two reads, as the client makes them.
      const post = await api.posts.get({ id: "pst_sdk_03" }, { includeContent: true }).single();
      sdk.getPostByIdResponse.parse(post);
      assert.equal(post.slug, "bed-3");
      assert.match(post.markdown ?? "", /\*\*compost\*\*/);
      const bySlugs = await api.posts
        .get({ publicationSlug: "@sdk-garden", postSlug: "bed-3" })
        .single();
      sdk.getPostByPublicationSlugAndPostSlugResponse.parse(bySlugs);
      assert.equal(bySlugs.id, "pst_sdk_03");
      assert.equal(bySlugs.markdown, undefined, "no content unasked");

      const hits = await api.search.posts("compost field");
      sdk.searchPostsResponse.parse(hits);
      assert.equal(hits[0]!.post.postId, "pst_sdk_05");
      assert.equal(hits[0]!.blog.blogId, "pub_sdk");
      assert.equal(hits[0]!.user.userId, "usr_sdk");
      assert.match(hits[0]!.post.postPreview ?? "", /^Bed 5 We turned the compost/);

      // A category's name matches too: every post carrying it, none other.
      const byTag = await api.search.posts("thirds");
      sdk.searchPostsResponse.parse(byTag);
      const thirds = data
        .filter((r) => "categories" in r && r.categories.includes("thirds"))
        .map((r) => r.id);
      assert.deepEqual(byTag.map((hit) => hit.post.postId).sort(), thirds);
      // No post's text names its author: only the author's name matches, on every post.
      const byAuthor = await api.search.posts("Gil");
      sdk.searchPostsResponse.parse(byAuthor);
      assert.equal(byAuthor.length, Math.min(23, SEARCH_LIMIT.fallback));
      assert.ok(byAuthor.every((hit) => hit.user.userId === "usr_sdk"));

      // An old slug redirects (308) to the post's current one; the client follows it.
      const moved = await api.posts
        .get({ publicationSlug: "@sdk-garden", postSlug: "bed-three" }, { includeContent: true })
        .single();
      sdk.getPostByPublicationSlugAndPostSlugResponse.parse(moved);
      assert.equal(moved.id, "pst_sdk_03");
      assert.equal(moved.slug, "bed-3");
      assert.match(moved.markdown ?? "", /\*\*compost\*\*/, "the query is kept");
      const movedById = await api.posts
        .get({ publicationId: "pub_sdk", postSlug: "bed-three" })
        .single();
      sdk.getPostByPublicationIdAndPostSlugResponse.parse(movedById);
      assert.equal(movedById.id, "pst_sdk_03");

      // An unknown publication has no posts to list: the client reports the 404.
      const notFound = (error: { response?: { status: number; data?: { error?: string } } }) =>
        error.response?.status === 404 && error.response.data?.error === "not_found";
      await assert.rejects(Promise.resolve(api.posts.get({ publicationId: "pub_nope" })), notFound);
      await assert.rejects(
        api.posts.get({ publicationId: "pub_nope", postSlug: "bed-3" }).single(),
        notFound,
      );

      const blogs = await api.search.blogs("garden");
      sdk.searchBlogsResponse.parse(blogs);
      assert.equal(blogs[0]!.blog.blogId, "pub_sdk");
      assert.equal(blogs[0]!.user.userId, "usr_sdk");
      assert.equal(blogs[0]!.blog.url, "https://Garden.Example.org");

      // With its publication's key, the client reads a draft of its own by id; without, 404.
      const drafts = [{ ...data[2], id: "pst_sdk_draft", slug: "draft-bed", status: "draft" }];
      assert.equal((await importLines(store, drafts)).rejected, 0);
      await assert.rejects(
        api.posts.get({ id: "pst_sdk_draft" }).single(),
        (error: { response?: { status: number } }) => error.response?.status === 404,
      );
      const writer = new sdk.ParagraphAPI({ apiKey: (await makeKey(store, "pub_sdk")).secret });
      const draft = await writer.posts
        .get({ id: "pst_sdk_draft" }, { includeContent: true })
        .single();
      sdk.getPostByIdResponse.parse(draft);
      assert.equal(draft.slug, "draft-bed");
      assert.match(draft.markdown ?? "", /\*\*compost\*\*/);
    });
  });
}
