// Optimistic concurrency and retries, on every store: If-Match with the post's
// ETag (from a read or from a write's answer) or it is a 412 and nothing changes; two
// writers with one ETag → exactly one wins; Idempotency-Key answers a retry with the first
// answer and creates nothing, and refuses the key with another body.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildWithKeys } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";

const CREATE = { title: "Once", markdown: "only once" };

for (const factory of await storeFactories()) {
  describe(`If-Match and Idempotency-Key (${factory.name})`, () => {
    it("writes only while If-Match names the current version", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      const plain = String((await app.inject("/v1/posts/pst_1")).headers.etag);
      // What a compressed read's tag looks like (-gzip/-br suffix): the same version.
      const etag = plain.replace(/"$/, '-gzip"');
      const put = (ifMatch: string, title: string) =>
        send({
          method: "PUT",
          url: "/v1/posts/pst_1",
          body: { title },
          headers: { "if-match": ifMatch },
        });
      const first = await put(etag, "One");
      assert.equal(first.statusCode, 200);
      const stale = await put(etag, "Two");
      assert.equal(stale.statusCode, 412);
      assert.equal(stale.json<{ error: string }>().error, "precondition_failed");
      assert.equal((await app.inject("/v1/posts/pst_1")).json<{ title: string }>().title, "One");
      assert.equal(
        (await put(`W/${String(first.headers.etag)}`, "Weak")).statusCode,
        412,
        "weak never matches",
      );
      assert.equal((await put(`"nope", ${String(first.headers.etag)}`, "Listed")).statusCode, 200);
      const withContent = await app.inject("/v1/posts/pst_1?includeContent=true");
      assert.equal((await put(String(withContent.headers.etag), "Content tag")).statusCode, 200);
      assert.equal((await put("*", "Any")).statusCode, 200);
      const missing = await send({
        method: "PUT",
        url: "/v1/posts/pst_nope",
        body: { title: "x" },
        headers: { "if-match": "*" },
      });
      assert.equal(missing.statusCode, 404);
      const del = await send({
        method: "DELETE",
        url: "/v1/posts/pst_1",
        headers: { "if-match": etag },
      });
      assert.equal(del.statusCode, 412);
      assert.equal(
        (await app.inject("/v1/posts/pst_1")).statusCode,
        200,
        "a refused delete deletes nothing",
      );
    });

    it("lets exactly one of two concurrent writers with the same ETag win", async (t) => {
      const { send, app } = await buildWithKeys(t, factory);
      for (let round = 0; round < 5; round++) {
        const etag = String((await app.inject("/v1/posts/pst_bare")).headers.etag);
        const answers = await Promise.all(
          ["A", "B"].map((who) =>
            send({
              method: "PUT",
              url: "/v1/posts/pst_bare",
              body: { title: `${who}${round}` },
              headers: { "if-match": etag },
            }),
          ),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        assert.deepEqual(statuses, [200, 412], `round ${round}`);
        const winner = answers.findIndex((a) => a.statusCode === 200) === 0 ? "A" : "B";
        const title = (await app.inject("/v1/posts/pst_bare")).json<{ title: string }>().title;
        assert.equal(title, `${winner}${round}`);
      }
    });

    it("answers a retried create with its first answer and creates nothing", async (t) => {
      const { send, store } = await buildWithKeys(t, factory);
      const before = await store.countPosts();
      const create = (key: string, body: object = CREATE) =>
        send({ method: "POST", url: "/v1/posts", body, headers: { "idempotency-key": key } });
      const first = await create("retry-1");
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers["idempotent-replayed"], undefined);
      const again = await create("retry-1");
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json(), first.json());
      assert.equal(again.headers["idempotent-replayed"], "true");
      assert.equal(await store.countPosts(), before + 1);
      const other = await create("retry-1", { ...CREATE, title: "Another" });
      assert.equal(other.statusCode, 409);
      assert.match(other.json<{ msg: string }>().msg, /Idempotency-Key/);
      assert.equal((await create("retry-2")).statusCode, 200, "another key is another create");
      assert.equal(await store.countPosts(), before + 2);
      assert.equal((await create("bad key with spaces")).statusCode, 400);
    });

    it("keeps keys apart per publication", async (t) => {
      const { send, otherKey } = await buildWithKeys(t, factory);
      const headers = { "idempotency-key": "shared" };
      const mine = await send({ method: "POST", url: "/v1/posts", body: CREATE, headers });
      const theirs = await send({
        method: "POST",
        url: "/v1/posts",
        body: CREATE,
        headers,
        key: otherKey,
      });
      assert.equal(theirs.statusCode, 200);
      assert.notEqual(theirs.json<{ id: string }>().id, mine.json<{ id: string }>().id);
    });

    it("creates one post when the same key races itself", async (t) => {
      const { send, store } = await buildWithKeys(t, factory);
      const before = await store.countPosts();
      const headers = { "idempotency-key": "race" };
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          send({ method: "POST", url: "/v1/posts", body: CREATE, headers }),
        ),
      );
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200, 200, 200],
      );
      assert.equal(new Set(answers.map((a) => a.json<{ id: string }>().id)).size, 1);
      assert.equal(await store.countPosts(), before + 1);
    });
  });
}
