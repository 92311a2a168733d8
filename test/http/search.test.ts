// Search: posts and publications, ranked, visible posts only, kept current by
// writes, and hostile queries (engine operators, quotes, huge strings) never a 500.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { FUTURE, PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const post = (id: string, title: string, markdown: string, over: object = {}) => ({
  ...{ type: "post", id, publicationId: "pub_1", slug: id, title, markdown, publishedAt: PAST },
  ...over,
});
const corpus = [
  post("pst_a", "Compost in winter", "Keep the heap warm."),
  post("pst_b", "Winter beds", "Mulch, then **compost** on top.", { subtitle: "Notes" }),
  post("pst_c", "Secret compost", "Hidden.", { status: "draft" }),
  post("pst_d", "Compost soon", "Later.", { publishedAt: FUTURE }),
  post("pst_e", "Tomatoes", "Nothing about that here.", { publicationId: "pub_2" }),
];

interface Hit {
  post: { postId: string; postPreview: string | null };
  blog: { blogId: string };
}

async function search(app: FastifyInstance, query: string) {
  const res = await app.inject(`/v1/discover/search?${query}`);
  return { res, hits: res.statusCode === 200 ? res.json<Hit[]>() : [] };
}

const HOSTILE = [
  '"',
  '""',
  "'",
  "*",
  "-",
  "^",
  ":",
  "(",
  ")",
  "NEAR(",
  "a OR b",
  "a AND NOT b",
  "title:compost",
  "compost*",
  '"compost',
  "compost NEAR/2 winter",
  "{title}: x",
  "!!!",
  "&|!<->",
  "a:*",
  "\\",
  "'; DROP TABLE posts; --",
  "%00",
  "\u0000",
  "😀",
  "x".repeat(1000),
  "compost ".repeat(120),
];

for (const factory of await storeFactories()) {
  describe(`search (${factory.name})`, () => {
    test("posts: visible ones only, title matches first, with the original's fields", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, corpus);
      const { res, hits } = await search(app, "q=compost");
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        hits.map((h) => h.post.postId),
        ["pst_a", "pst_b"],
      );
      const b = hits[1]!;
      assert.deepEqual(b.post, {
        ...{ postId: "pst_b", blogId: "pub_1", createdAt: String(PAST), publishedAt: String(PAST) },
        ...{ title: "Winter beds", subtitle: "Notes", postPreview: "Mulch, then compost on top." },
        ...{ coverImageUrl: null, slug: "pst_b", coinId: null },
      });
      // No author: the publication's owner stands in.
      assert.deepEqual((b as unknown as { user: { userId: string } }).user.userId, "usr_1");
      assert.equal(res.headers["surrogate-key"], "search");
      assert.deepEqual((await search(app, "q=WINTER%20Compost")).hits.length, 2);
      assert.deepEqual((await search(app, "q=compost&blogId=pub_2")).hits, []);
      assert.deepEqual((await search(app, "q=compost&limit=1")).hits.length, 1);
      assert.equal((await search(app, "q=compost&limit=51")).res.statusCode, 400);
    });

    test("publications: by name, slug and summary, with their owner", async (t) => {
      const { app } = await build(t, factory, NO_SHEDDING);
      const res = await app.inject("/v1/discover/blogs/search?q=the%20blog");
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), [
        {
          blog: {
            ...{ blogId: "pub_1", userId: "usr_1", name: "The Blog" },
            ...{ url: "https://site.example.com/@blog", slug: "blog", logoUrl: null, coinId: null },
          },
          user: {
            ...{ userId: "usr_1", name: "Ada", bio: "Writes." },
            ...{
              avatarUrl: "https://img.example.com/ada.png",
              walletAddress: `0x${"ab".repeat(20)}`,
            },
          },
          activeSubscriberCount: 0,
        },
      ]);
      assert.deepEqual(
        (await app.inject("/v1/discover/blogs/search?q=other")).json<Hit[]>().length,
        1,
      );
    });

    test("every write is searchable at once: cached results are dropped by it", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      assert.deepEqual((await search(app, "q=rhubarb")).hits, []);
      await importLines(store, [post("pst_r", "Rhubarb", "Forced in the dark.")]);
      assert.deepEqual(
        (await search(app, "q=rhubarb")).hits.map((h) => h.post.postId),
        ["pst_r"],
      );
      await importLines(store, [post("pst_r", "Rhubarb", "Gone.", { status: "archived" })]);
      assert.deepEqual((await search(app, "q=rhubarb")).hits, []);
    });

    test("hostile queries are a safe search or a 400, never a 500", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, corpus);
      for (const q of HOSTILE) {
        for (const path of ["/v1/discover/search", "/v1/discover/blogs/search"]) {
          const res = await app.inject(`${path}?q=${encodeURIComponent(q)}`);
          assert.ok([200, 400].includes(res.statusCode), `${q}: ${res.statusCode} ${res.body}`);
          if (res.statusCode === 200) assert.ok(Array.isArray(res.json()), q);
          else assert.equal(res.json().error, "invalid_parameter");
        }
      }
      // Operators are words, or nothing: "title:compost" finds what "title compost" finds.
      assert.deepEqual((await search(app, "q=title%3Acompost")).hits, []);
      assert.equal((await search(app, "q=compost*")).hits.length, 2);
      assert.equal((await search(app, `q=${"x".repeat(1001)}`)).res.statusCode, 400);
      assert.equal((await search(app, "q=")).res.statusCode, 400);
      assert.equal((await search(app, "q=a&q=b")).res.statusCode, 400);
      const huge = await app.inject(`/v1/discover/search?q=${"x".repeat(10_240)}`);
      assert.equal(huge.statusCode, 414);
    });

    test("property: any query text answers 200 with an array or a 400", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, corpus);
      const text = fc.oneof(
        fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
        fc
          .array(fc.constantFrom(...HOSTILE.slice(0, 22), "compost", "winter"), {
            minLength: 1,
            maxLength: 8,
          })
          .map((a) => a.join(" ")),
      );
      await fc.assert(
        fc.asyncProperty(text, async (q) => {
          const res = await app.inject(`/v1/discover/search?q=${encodeURIComponent(q)}`);
          assert.ok([200, 400].includes(res.statusCode), `${JSON.stringify(q)}: ${res.body}`);
          if (res.statusCode === 200) assert.ok(Array.isArray(res.json()));
        }),
        { numRuns: 150 },
      );
    });
  });
}
