// List pages joined from the posts' stored bodies are byte for byte the pages the
// serializer builds from records, for every list, with and without content, through every
// page, on every store; and a post without a stored body still lists (built from records).
import assert from "node:assert/strict";
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadDemo } from "../../src/cli/demo.js";
import * as bodies from "../../src/http/discovery/bodies.js";
import * as wire from "../../src/http/discovery/wire.js";
import { importNdjson } from "../../src/import/run-import.js";
import { CursorCodec } from "../../src/posts/cursor.js";
import { Discovery, type PageRequest } from "../../src/posts/discovery.js";
import type { ListScope, PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { NOW, loadFixtures } from "../helpers/fixtures.js";
import { writeGeneratedFile } from "../helpers/generated.js";
import { dropBodies } from "../helpers/stored-bytes.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

/** Every list the store has: each publication's, each category's, and the feed. */
async function scopesOf(store: PostStore): Promise<ListScope[]> {
  const all = await store.listPosts({
    scope: { everything: true },
    limit: 100_000,
    withContent: false,
    visibleAt: NOW,
  });
  const publications = new Set(all.map((p) => p.publicationId));
  const tags = new Set(all.flatMap((p) => p.categories));
  return [
    ...[...publications].map((publicationId) => ({ publicationId })),
    ...[...tags].map((tag) => ({ tag })),
    { everything: true as const },
  ];
}

/** Walks a list to its end, comparing each page's two builds; returns how many posts. */
async function comparePages(discovery: Discovery, scope: ListScope, withContent: boolean) {
  let cursor: string | undefined;
  let seen = 0;
  do {
    const request: PageRequest = { limit: 7, withContent, ...(cursor ? { cursor } : {}) };
    const [joined, built] =
      "everything" in scope
        ? [
            bodies.feedBodiesAnswer(await discovery.feed(request, NOW), ["feed"]),
            wire.feedPageAnswer(await discovery.feedOfRecords(request, NOW), withContent, ["feed"]),
          ]
        : [
            bodies.postBodiesAnswer(await discovery.bodies(scope, request, NOW), ["k"]),
            wire.postPageAnswer(await discovery.posts(scope, request, NOW), withContent, ["k"]),
          ];
    assert.ok(joined, `${JSON.stringify(scope)}: every post has a stored body`);
    assert.equal(joined.body.toString(), built.body.toString(), JSON.stringify(scope));
    assert.equal(joined.etag, built.etag);
    const page = JSON.parse(joined.body.toString()) as {
      items: unknown[];
      pagination: { cursor?: string };
    };
    seen += page.items.length;
    cursor = page.pagination.cursor;
  } while (cursor !== undefined);
  return seen;
}

for (const factory of await storeFactories()) {
  describe(`list pages from stored bodies (${factory.name})`, () => {
    test("every page of every list equals the serializer's, with and without content", async () => {
      const { store, dispose } = await factory.create();
      const dir = mkdtempSync(join(tmpdir(), "folio-list-bytes-"));
      try {
        await loadDemo(store);
        await loadFixtures(store);
        const file = join(dir, "gen.ndjson");
        await writeGeneratedFile(file, 60);
        await importNdjson(store, createReadStream(file), {});
        const discovery = new Discovery(store, new CursorCodec(() => store.cursorKey()));
        const scopes = await scopesOf(store);
        assert.ok(scopes.length > 5);
        let posts = 0;
        for (const scope of scopes) {
          for (const withContent of [false, true]) {
            posts += await comparePages(discovery, scope, withContent);
          }
        }
        assert.ok(posts > 120, `${posts} listed posts compared`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await dispose();
      }
    });

    test("a post without a stored body lists as before (built from records)", async (t) => {
      const { app, url } = await build(t, factory, { ...NO_SHEDDING, CACHE_MAX_BYTES: "0" });
      const urls = ["/v1/posts/feed?limit=50", "/v1/publications/pub_1/posts?limit=50"];
      const before = await Promise.all(urls.map((u) => app.inject(u)));
      const listed = JSON.parse(before[1]!.body) as { items: { id: string }[] };
      assert.ok(listed.items.length > 0);
      await dropBodies(factory, url, listed.items[0]!.id);
      for (const [i, u] of urls.entries()) {
        const after = await app.inject(u);
        assert.equal(after.statusCode, 200);
        assert.equal(after.body, before[i]!.body, u);
      }
    });

    test("the feed shows a publication's new name and owner at once", async (t) => {
      const { app, store } = await build(t, factory, { ...NO_SHEDDING, CACHE_MAX_BYTES: "0" });
      type Feed = { items: { publication: { id: string; name: string }; user: { id: string } }[] };
      const shown = async () => {
        const feed = JSON.parse((await app.inject("/v1/posts/feed?limit=50")).body) as Feed;
        return feed.items.find((item) => item.publication.id === "pub_1");
      };
      assert.equal((await shown())?.publication.name, "The Blog");
      const renamed = { type: "publication", id: "pub_1", slug: "blog", name: "The New Blog" };
      await importLines(store, [{ ...renamed, ownerUserId: "usr_2" }]);
      const after = await shown();
      assert.equal(after?.publication.name, "The New Blog");
      assert.equal(after?.user.id, "usr_2");
    });
  });
}
