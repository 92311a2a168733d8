// The original's client, unchanged, against Folio, on every store: it creates,
// updates (by id and by slug), deletes, lists (each status) and reads its publication, and
// every answer passes the client's own zod response schemas.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { makeKey } from "../helpers/authoring.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { pointClientAt, sdk } from "../helpers/paragraph-sdk.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
}

/** The answer, after checking it against the client's schema for it. */
function passes<T>(schema: Schema, answer: T): T {
  const result = schema.safeParse(answer);
  assert.ok(result.success, JSON.stringify(result.error?.issues));
  return answer;
}

for (const factory of await storeFactories()) {
  describe(`the original's client against Folio (${factory.name})`, () => {
    let db: TestStore;
    let app: FastifyInstance;
    let api: InstanceType<typeof sdk.ParagraphAPI>;
    before(async () => {
      db = await factory.create();
      await loadFixtures(db.store);
      const config = loadConfig({
        LOG_LEVEL: "silent",
        MAX_EVENT_LOOP_DELAY_MS: "0",
        WRITE_RATE_LIMIT: "0",
      });
      app = await buildApp({ config, store: db.store, logger: false });
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      pointClientAt(address);
      api = new sdk.ParagraphAPI({ apiKey: (await makeKey(db.store, "pub_1")).secret });
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });

    it("reads its publication", async () => {
      const me = passes(sdk.getMeResponse, await api.me.get());
      assert.equal(me.slug, "blog");
    });

    it("creates, updates by id and by slug, lists every status, and deletes", async () => {
      const created = passes(
        sdk.createPostResponse,
        await api.posts.create({
          title: "From the original's client",
          markdown: "# Hello\n\nFrom *the* client.",
          subtitle: "Unchanged",
          categories: "sdk, compat",
          sendNewsletter: true,
        }),
      );
      assert.equal(created.status, "published");
      const draft = passes(
        sdk.createPostResponse,
        await api.posts.create({ title: "Draft", markdown: "x", status: "draft" }),
      );
      assert.equal(draft.status, "draft");
      const soon = Date.now() + 86_400_000;
      const later = passes(
        sdk.createPostResponse,
        await api.posts.create({ title: "Later", markdown: "x", scheduledAt: soon }),
      );
      assert.equal(later.status, "scheduled");
      const kept = passes(
        sdk.createPostResponse,
        await api.posts.create({ title: "Kept", markdown: "x", scheduledAt: soon }),
      );

      passes(
        sdk.updatePostResponse,
        await api.posts.update({ id: created.id, title: "Renamed by id" }),
      );
      const post = await app.inject(`/v1/posts/${created.id}`);
      const slug = post.json<{ slug: string; title: string }>().slug;
      assert.equal(post.json<{ title: string }>().title, "Renamed by id");
      passes(sdk.updatePostBySlugResponse, await api.posts.update({ slug, subtitle: "By slug" }));
      passes(sdk.updatePostResponse, await api.posts.update({ id: draft.id, status: "archived" }));
      passes(sdk.updatePostResponse, await api.posts.update({ id: later.id, scheduledAt: null }));

      const listed: Record<string, string[]> = {};
      for (const status of ["published", "draft", "scheduled", "archived"] as const) {
        const page = passes(
          sdk.listOwnPostsResponse,
          await api.posts.list({ status, includeContent: true, limit: 100 }),
        );
        listed[status] = page.items.map((p) => p.id);
      }
      const plain = passes(sdk.listOwnPostsResponse, await api.posts.list());
      assert.ok(plain.items.some((p) => p.id === created.id && p.subtitle === "By slug"));
      assert.ok(listed.published!.includes(created.id));
      assert.ok(listed.archived!.includes(draft.id));
      assert.ok(listed.draft!.includes(later.id), "a cancelled schedule is a draft");
      assert.deepEqual(listed.scheduled, [kept.id]);

      passes(sdk.deletePostResponse, await api.posts.delete({ id: created.id }));
      passes(sdk.deletePostBySlugResponse, await api.posts.delete({ slug: "draft" }));
      assert.equal((await app.inject(`/v1/posts/${created.id}`)).statusCode, 404);
      const drafts = await api.posts.list({ status: "draft" });
      assert.ok(!drafts.items.some((p) => p.id === "pst_draft"));
    });

    it("pages with the client's cursor", async () => {
      const first = passes(sdk.listOwnPostsResponse, await api.posts.list({ limit: 1 }));
      assert.equal(first.pagination.hasMore, true);
      const second = passes(
        sdk.listOwnPostsResponse,
        await api.posts.list({ limit: 1, cursor: first.pagination.cursor! }),
      );
      assert.notEqual(second.items[0]?.id, first.items[0]?.id);
    });

    it("hears 401 for a bad key, as an error from the client", async () => {
      const bad = new sdk.ParagraphAPI({ apiKey: `folio_sk_${"x".repeat(43)}` });
      await assert.rejects(
        bad.me.get(),
        (error: { response?: { status: number } }) => error.response?.status === 401,
      );
    });
  });
}
