// folio/client's discovery and authoring methods against a real app over HTTP, on every
// store: each method's path, query, key and headers, and the errors it surfaces.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { FolioError, createClient, type FolioClient } from "folio/client";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { makeKey } from "../helpers/authoring.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail("expected a FolioError"),
    (error: unknown) => {
      assert.ok(error instanceof FolioError, String(error));
      return error;
    },
  );

for (const factory of await storeFactories()) {
  describe(`folio/client, reads and writes (${factory.name})`, () => {
    let db: TestStore;
    let app: FastifyInstance;
    let base: string;
    let client: FolioClient;
    before(async () => {
      db = await factory.create();
      await loadFixtures(db.store);
      const env = { LOG_LEVEL: "silent", MAX_EVENT_LOOP_DELAY_MS: "0", WRITE_RATE_LIMIT: "0" };
      app = await buildApp({ config: loadConfig(env), store: db.store, logger: false });
      base = await app.listen({ port: 0, host: "127.0.0.1" });
      const { secret } = await makeKey(db.store, "pub_1");
      client = createClient({ baseUrl: base, apiKey: secret });
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });

    it("reads publications and users by every key", async () => {
      for (const key of [{ id: "pub_1" }, { slug: "@blog" }] as const) {
        assert.equal((await client.getPublication(key)).name, "The Blog");
      }
      assert.equal((await client.getUser({ id: "usr_1" })).name, "Ada");
      const wallet = `0x${"AB".repeat(20)}`;
      assert.equal((await client.getUser({ walletAddress: wallet })).id, "usr_1");
      assert.equal(
        (await failure(client.getPublication({ domain: "nowhere.example" }))).status,
        404,
      );
    });

    it("pages a publication's posts with its cursor, and reads the tag list and feed", async () => {
      const seen: string[] = [];
      const list = (o: object) => client.listPublicationPosts("pub_1", { ...o, limit: 1 });
      for await (const items of client.pages(list)) seen.push(...items.map((p) => p.id));
      const all = await client.listPublicationPosts("pub_1", { limit: 100 });
      assert.deepEqual(
        seen,
        all.items.map((p) => p.id),
      );
      assert.ok(seen.length >= 2 && seen.includes("pst_1"));
      const tagged = await client.listTagPosts("essays");
      assert.deepEqual(
        tagged.items.map((p) => p.id),
        ["pst_1"],
      );
      const feed = await client.getFeed({ includeContent: true });
      assert.ok(feed.items.every((item) => typeof item.post.staticHtml === "string"));
      const bySlug = await client.getPublicationPost("pub_1", "hello-world");
      assert.equal(bySlug.id, "pst_1");
    });

    it("searches posts and publications", async () => {
      const posts = await client.searchPosts("hello");
      assert.ok(posts.some((hit) => hit.post.postId === "pst_1"));
      const blogs = await client.searchBlogs("blog");
      assert.ok(blogs.some((hit) => hit.blog.blogId === "pub_1"));
      assert.equal((await failure(client.searchPosts(""))).code, "invalid_parameter");
    });

    it("creates, updates by id and slug, lists, counts a view and deletes, with the key", async () => {
      const { id, status } = await client.createPost(
        { title: "From the client", markdown: "Hello *there*.", status: "published" },
        { idempotencyKey: "client-1" },
      );
      assert.equal(status, "published");
      const again = await client.createPost(
        { title: "From the client", markdown: "Hello *there*.", status: "published" },
        { idempotencyKey: "client-1" },
      );
      assert.equal(again.id, id, "the same key and body replay the first answer");
      const conflict = await failure(
        client.createPost({ title: "Another", markdown: "x" }, { idempotencyKey: "client-1" }),
      );
      assert.equal(conflict.code, "conflict");
      await client.updatePost({ id }, { subtitle: "Edited" });
      const read = await fetch(`${base}/v1/posts/${id}`);
      const stale = await failure(
        client.updatePost({ id }, { subtitle: "Late" }, { ifMatch: '"not-the-etag"' }),
      );
      assert.equal(stale.code, "precondition_failed");
      await client.updatePost(
        { slug: "from-the-client" },
        { subtitle: "By slug" },
        {
          ifMatch: read.headers.get("etag")!,
        },
      );
      await client.recordView(id);
      const own = await client.listOwnPosts({ status: "published", limit: 100 });
      assert.equal(own.items.find((p) => p.id === id)?.subtitle, "By slug");
      assert.equal((await client.me()).id, "pub_1");
      const bad = await failure(client.createPost({ title: "x".repeat(201), markdown: "x" }));
      assert.match(bad.msg, /^title/);
      await client.deletePost({ slug: "from-the-client" });
      assert.equal((await failure(client.getPost({ id }))).status, 404);
    });

    it("without a key the writes are 401", async () => {
      const anonymous = createClient({ baseUrl: base });
      const error = await failure(anonymous.createPost({ title: "x", markdown: "x" }));
      assert.equal(error.status, 401);
      assert.equal(error.code, "unauthorized");
      assert.equal((await failure(anonymous.me())).status, 401);
    });
  });
}
