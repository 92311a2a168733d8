// A writer reads their own posts, in any status, with the ETag If-Match takes, through the
// public path of one post and the authoring list; everyone else (no key, a bad key, another
// publication's key) gets the public answer unchanged, a hidden post's 404 included.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { buildWithKeys } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";

const HIDDEN = ["pst_draft", "pst_future", "pst_archived"];

/**
 * What a reader can compare of two answers: the request id and date are each request's own,
 * and the rate limit's remaining count goes down with each.
 */
function publicView(res: LightMyRequestResponse) {
  const headers = { ...res.headers };
  for (const name of ["date", "x-request-id", "ratelimit-remaining"]) delete headers[name];
  return { status: res.statusCode, headers, body: res.body.replace(/"requestId":"[^"]*"/, "") };
}

for (const factory of await storeFactories()) {
  describe(`a writer's own posts (${factory.name})`, () => {
    it("answers the key's own hidden post privately, with an ETag If-Match takes", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      for (const id of HIDDEN) {
        const own = await send({ method: "GET", url: `/v1/posts/${id}?includeContent=true` });
        assert.equal(own.statusCode, 200, `${id}: ${own.body}`);
        assert.equal(own.json<{ id: string }>().id, id);
        assert.equal(own.headers["cache-control"], "private, no-store");
        assert.equal(own.headers.vary, "Authorization");
        assert.equal(own.headers["surrogate-key"], undefined, "nothing for a CDN to keep");
        const etag = own.headers.etag as string;
        assert.match(etag, /^"[\w-]+"$/);
        const stale = await send({
          method: "PUT",
          url: `/v1/posts/${id}`,
          body: { subtitle: "first" },
          headers: { "if-match": '"not-it"' },
        });
        assert.equal(stale.statusCode, 412);
        const written = await send({
          method: "PUT",
          url: `/v1/posts/${id}`,
          body: { subtitle: "first" },
          headers: { "if-match": etag },
        });
        assert.equal(written.statusCode, 200, `${id}: ${written.body}`);
        const again = await send({ method: "GET", url: `/v1/posts/${id}` });
        assert.equal(again.headers.etag, written.headers.etag, "the read's tag is the write's");
        assert.equal(again.json<{ subtitle: string }>().subtitle, "first");
      }
    });

    it("gives everyone else the public answer, byte for byte", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory);
      for (const id of [...HIDDEN, "pst_1", "nope"]) {
        for (const query of ["", "?includeContent=true"]) {
          const url = `/v1/posts/${id}${query}`;
          const anonymous = publicView(await send({ method: "GET", url, key: null }));
          for (const key of [otherKey, "fk_not-a-key"]) {
            assert.deepEqual(publicView(await send({ method: "GET", url, key })), anonymous, url);
          }
          const basic = await send({
            method: "GET",
            url,
            key: null,
            headers: { authorization: "Basic dXNlcjpwYXNz" },
          });
          assert.deepEqual(publicView(basic), anonymous, url);
          if (HIDDEN.includes(id)) assert.equal(anonymous.status, 404);
        }
      }
    });

    it("serves a visible post of the key's own the same bytes and tag as the public read", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      for (const query of ["", "?includeContent=true"]) {
        const url = `/v1/posts/pst_1${query}`;
        const own = await send({ method: "GET", url });
        const pub = await send({ method: "GET", url, key: null });
        assert.equal(own.body, pub.body);
        assert.equal(own.headers.etag, pub.headers.etag);
        assert.equal(own.headers["cache-control"], "private, no-store");
      }
    });

    it("tags each item of the authoring list with the ETag of its post", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      for (const status of ["draft", "scheduled", "archived", "published"]) {
        const page = (await send({ method: "GET", url: `/v1/posts?status=${status}` })).json<{
          items: { id: string; etag: string }[];
        }>();
        assert.ok(page.items.length > 0, status);
        for (const { id, etag } of page.items) {
          const read = await send({ method: "GET", url: `/v1/posts/${id}` });
          assert.equal(etag, read.headers.etag, id);
          const written = await send({
            method: "PUT",
            url: `/v1/posts/${id}`,
            body: { subtitle: `tagged ${status}` },
            headers: { "if-match": etag },
          });
          assert.equal(written.statusCode, 200, `${id}: ${written.body}`);
        }
      }
    });
  });
}
