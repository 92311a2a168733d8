// The key's own posts and publication, on every store: each status, newest
// first, keyset pages with an opaque cursor, views on each post, content on request, never
// another publication's posts, never stored by a shared cache.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildWithKeys } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";

interface Page {
  items: Array<{ id: string; views: number; markdown?: string }>;
  pagination: { cursor?: string; hasMore: boolean; total?: number };
}

for (const factory of await storeFactories()) {
  describe(`own posts and publication (${factory.name})`, () => {
    it("lists each status of the key's publication only, published by default", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory);
      const ids = async (query: string, key?: string) => {
        const res = await send({
          method: "GET",
          url: `/v1/posts${query}`,
          ...(key ? { key } : {}),
        });
        assert.equal(res.statusCode, 200, query);
        assert.equal(res.headers["cache-control"], "private, no-store");
        return res
          .json<Page>()
          .items.map((p) => p.id)
          .sort();
      };
      assert.deepEqual(await ids(""), ["pst_1", "pst_bare"]);
      assert.deepEqual(await ids("?status=published"), ["pst_1", "pst_bare"]);
      assert.deepEqual(await ids("?status=draft"), ["pst_draft"]);
      assert.deepEqual(await ids("?Status=scheduled"), ["pst_future"]);
      assert.deepEqual(await ids("?status=archived"), ["pst_archived"]);
      assert.deepEqual(await ids("", otherKey), ["Pst_Case", "pst_unicode"]);
    });

    it("pages newest first with a cursor, through every post, with a total", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await send({
          method: "POST",
          url: "/v1/posts",
          body: { title: `P${i}`, markdown: "x" },
        });
        created.push(res.json<{ id: string }>().id);
      }
      const seen: string[] = [];
      let url = "/v1/posts?limit=2";
      for (let pages = 0; pages < 10; pages++) {
        const page = (await send({ method: "GET", url })).json<Page>();
        assert.equal(page.pagination.total, 7);
        seen.push(...page.items.map((p) => p.id));
        if (!page.pagination.hasMore) {
          assert.equal(page.pagination.cursor, undefined);
          break;
        }
        url = `/v1/posts?limit=2&cursor=${page.pagination.cursor}`;
      }
      assert.equal(seen.length, 7);
      assert.equal(new Set(seen).size, 7);
      assert.deepEqual(new Set(seen.slice(0, 5)), new Set(created), "the new posts come first");
    });

    it("includes content on request and each post's views", async (t) => {
      const { send, app } = await buildWithKeys(t, factory, { VIEWS_FLUSH_MS: "20" });
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: "POST", url: "/v1/posts/pst_1/view" });
        assert.equal(res.statusCode, 204);
      }
      const views = async () => {
        const page = (
          await send({ method: "GET", url: "/v1/posts?includeContent=true" })
        ).json<Page>();
        assert.ok(page.items.every((p) => typeof p.markdown === "string"));
        return page.items.find((p) => p.id === "pst_1")?.views;
      };
      const started = Date.now();
      while ((await views()) !== 3 && Date.now() - started < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(await views(), 3);
      const plain = (await send({ method: "GET", url: "/v1/posts" })).json<Page>();
      assert.ok(plain.items.every((p) => p.markdown === undefined && p.views >= 0));
    });

    it("refuses a bad limit, status or cursor, naming it", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      for (const [query, message] of [
        ["?limit=0", /^limit: must be 1 to 100/],
        ["?limit=101", /^limit: must be 1 to 100/],
        ["?limit=ten", /^limit/],
        ["?status=secret", /^status/],
        ["?cursor=not-ours", /^cursor: is not a cursor this API gave/],
        [`?cursor=${Buffer.from('["x","y"]').toString("base64url")}`, /^cursor/],
        ["?includeContent=maybe", /^includeContent/],
      ] as const) {
        const res = await send({ method: "GET", url: `/v1/posts${query}` });
        assert.equal(res.statusCode, 400, query);
        assert.match(res.json<{ msg: string }>().msg, message);
      }
    });

    it("answers /v1/me with the key's publication", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory);
      const me = await send({ method: "GET", url: "/v1/me" });
      // No owner was imported: the publication's first author by id stands in.
      const expected = { id: "pub_1", name: "The Blog", ownerUserId: "usr_1", slug: "blog" };
      assert.deepEqual(me.json(), expected);
      const other = await send({ method: "GET", url: "/v1/me", key: otherKey });
      assert.equal(other.json<{ slug: string }>().slug, "Other-Pub");
    });
  });
}
