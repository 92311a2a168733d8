// Import messages a newcomer can act on, told in line order, and a re-import
// of unchanged records that changes nothing — not updatedAt, not publishedAt, not the ETag.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, test, type TestContext } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { formatRejection, importNdjson } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { ndjson } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const pub = { type: "publication", id: "p1", slug: "pub", name: "Pub" };
const author = { type: "author", id: "a1", publicationId: "p1", name: "Ann" };
const post = (over: object = {}) => ({
  type: "post",
  ...{ id: "x1", publicationId: "p1", slug: "s1", title: "T", authorIds: ["a1"] },
  ...{ categories: ["c"], markdown: "Some *text*." },
  ...over,
});

async function etagOf(store: PostStore, id: string): Promise<string | undefined> {
  const config = loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT: "0", CACHE_MAX_BYTES: "0" });
  const app = await buildApp({ config, store, logger: false });
  try {
    const reply = await app.inject({ url: `/v1/posts/${id}?includeContent=true` });
    return reply.headers.etag as string | undefined;
  } finally {
    await app.close();
  }
}

for (const factory of await storeFactories()) {
  describe(`import messages and re-imports (${factory.name})`, () => {
    const fresh = async (t: TestContext) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      return made.store;
    };

    test("a missing required field says it is required", async (t) => {
      const store = await fresh(t);
      const orphan: Record<string, unknown> = post();
      delete orphan.publicationId;
      const summary = await importNdjson(store, ndjson([pub, orphan, { type: "author" }]));
      assert.deepEqual(summary.rejections.map(formatRejection), [
        "line 2: publicationId: is required",
        "line 3: id: is required",
      ]);
    });

    test("referential errors are told in line order with the others", async (t) => {
      const store = await fresh(t);
      const lines = [
        pub,
        post({ id: "y1", slug: "y1", publicationId: "nope" }),
        post({ id: "y2", slug: "y2", title: "" }),
        post({ id: "y3", slug: "y3", authorIds: ["nobody"] }),
        post({ id: "y4", slug: "y4 bad" }),
      ];
      const summary = await importNdjson(store, ndjson(lines), { batchSize: 500 });
      assert.deepEqual(
        summary.rejections.map((r) => [r.line, r.field]),
        [
          [2, "publicationId"],
          [3, "title"],
          [4, "authorIds"],
          [5, "slug"],
        ],
      );
    });

    test("re-importing unchanged records changes nothing, ETag included", async (t) => {
      const store = await fresh(t);
      const lines = [pub, author, post(), post({ id: "d1", slug: "d1", status: "draft" })];
      await importNdjson(store, ndjson(lines));
      const before = await store.findPostById("x1", { withContent: true });
      const draft = await store.findPostById("d1", { withContent: true });
      const etag = await etagOf(store, "x1");
      await sleep(5); // the clock moves on: a bumped time would show
      const again = await importNdjson(store, ndjson(lines));
      assert.equal(again.committed, true);
      assert.deepEqual(await store.findPostById("x1", { withContent: true }), before);
      assert.deepEqual(await store.findPostById("d1", { withContent: true }), draft);
      assert.equal(await etagOf(store, "x1"), etag);
    });

    test("a changed post gets a new updatedAt but keeps its first publication time", async (t) => {
      const store = await fresh(t);
      await importNdjson(store, ndjson([pub, author, post()]));
      const before = (await store.findPostById("x1", { withContent: false }))!;
      await sleep(5);
      await importNdjson(store, ndjson([post({ title: "T2" })]));
      const after = (await store.findPostById("x1", { withContent: false }))!;
      assert.equal(after.title, "T2");
      assert.ok(after.updatedAt > before.updatedAt);
      assert.equal(after.publishedAt, before.publishedAt);
    });

    test("times given in the line win over the stored ones", async (t) => {
      const store = await fresh(t);
      await importNdjson(store, ndjson([pub, author, post()]));
      await importNdjson(store, ndjson([post({ updatedAt: 1000, publishedAt: 500 })]));
      const after = (await store.findPostById("x1", { withContent: false }))!;
      assert.deepEqual([after.updatedAt, after.publishedAt], [1000, 500]);
    });
  });
}
