// Slug history, on every store: a renamed post's old slug answers 308 Permanent
// Redirect to its current path (reads, `@` slugs and writes by slug alike); a new post may
// not take a slug in another post's history; a hidden post's old slug stays a 404.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildWithKeys } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";

const OLD = "/v1/publications/slug/blog/posts/slug/hello-world";

for (const factory of await storeFactories()) {
  describe(`slug history (${factory.name})`, () => {
    it("redirects an old slug to the post's current path, query kept, @ accepted", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const renamed = await send({
        method: "PUT",
        url: "/v1/posts/pst_1",
        body: { slug: "hello-again" },
      });
      assert.equal(renamed.statusCode, 200);
      const current = "/v1/publications/slug/blog/posts/slug/hello-again";
      assert.equal((await app.inject(current)).statusCode, 200);
      // Only the post's slug changes: the route, the publication as written and the query stay.
      const moves = {
        [OLD]: current,
        "/v1/publications/slug/@blog/posts/slug/hello-world": current.replace("/blog/", "/@blog/"),
        "/v1/publications/slug/%40blog/posts/slug/hello-world/": current.replace(
          "/blog/",
          "/%40blog/",
        ),
        "/v1/publications/pub_1/posts/slug/hello-world":
          "/v1/publications/pub_1/posts/slug/hello-again",
      };
      for (const [url, location] of Object.entries(moves)) {
        const res = await app.inject(`${url}?includeContent=true`);
        assert.equal(res.statusCode, 308, url);
        assert.equal(res.headers.location, `${location}?includeContent=true`);
        assert.match(String(res.headers["cache-control"]), /max-age/);
        const followed = await app.inject(String(res.headers.location));
        assert.equal(followed.statusCode, 200, `${url} → ${location}`);
        assert.equal(followed.json<{ id: string }>().id, "pst_1");
      }
      await send({ method: "PUT", url: "/v1/posts/pst_1", body: { slug: "third" } });
      const twice = await app.inject(OLD);
      assert.equal(
        twice.headers.location,
        "/v1/publications/slug/blog/posts/slug/third",
        "every old slug leads to the latest",
      );
      await send({ method: "PUT", url: "/v1/posts/pst_1", body: { slug: "hello-world" } });
      assert.equal((await app.inject(OLD)).statusCode, 200, "a post may take its old slug back");
      assert.equal(
        (await app.inject("/v1/publications/slug/blog/posts/slug/third")).statusCode,
        308,
      );
    });

    it("keeps a slug in history from new posts, and frees it when its post is deleted", async (t) => {
      const { send } = await buildWithKeys(t, factory);
      await send({ method: "PUT", url: "/v1/posts/pst_1", body: { slug: "moved" } });
      const create = (slug: string) =>
        send({ method: "POST", url: "/v1/posts", body: { title: "New", markdown: "x", slug } });
      const taken = await create("hello-world");
      assert.equal(taken.statusCode, 409);
      assert.match(
        taken.json<{ msg: string }>().msg,
        /^slug: kept in the slug history of post pst_1/,
      );
      const generated = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "Hello world", markdown: "x" },
      });
      assert.equal(generated.statusCode, 200, "a made slug steps around history");
      await send({ method: "DELETE", url: "/v1/posts/pst_1" });
      assert.equal((await create("hello-world")).statusCode, 200);
    });

    it("does not redirect to a post that is not visible", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      await send({
        method: "PUT",
        url: "/v1/posts/pst_1",
        body: { slug: "quiet", status: "draft" },
      });
      for (const url of [OLD, "/v1/publications/pub_1/posts/slug/hello-world"]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers.location, undefined);
      }
    });

    it("redirects writes by an old slug with 308, method and body kept", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      await send({ method: "PUT", url: "/v1/posts/pst_1", body: { slug: "moved" } });
      const put = await send({
        method: "PUT",
        url: "/v1/posts/slug/hello-world?x=1",
        body: { title: "T" },
      });
      assert.equal(put.statusCode, 308);
      assert.equal(put.headers.location, "/v1/posts/slug/moved?x=1", "query kept, as on reads");
      const followed = await send({
        method: "PUT",
        url: String(put.headers.location),
        body: { title: "T" },
      });
      assert.equal(followed.statusCode, 200);
      const del = await send({ method: "DELETE", url: "/v1/posts/slug/hello-world" });
      assert.equal(del.statusCode, 308);
      assert.equal((await app.inject("/v1/posts/pst_1")).json<{ title: string }>().title, "T");
    });
  });
}
