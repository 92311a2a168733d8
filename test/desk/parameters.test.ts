// The desk's post routes check their query and path parameters by the same field rules as the
// authoring API's, on every store: a bad one is a 400 naming it, never a 500 or a quiet empty
// page, and the same request with an API key answers the same.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { makeKey } from "../helpers/authoring.js";
import { storeFactories } from "../helpers/stores.js";
import { buildDesk } from "./helpers.js";

const BAD = [
  ["GET", "/posts?limit=abc", "limit"],
  ["GET", "/posts?limit=0", "limit"],
  ["GET", "/posts?status=all", "status"],
  ["GET", "/posts?cursor=", "cursor"],
  ["GET", "/posts?includeContent=maybe", "includeContent"],
  ["PUT", `/posts/${"x".repeat(300)}`, "postId"],
  ["DELETE", `/posts/${"x".repeat(300)}`, "postId"],
] as const;

for (const factory of await storeFactories()) {
  describe(`desk parameters (${factory.name})`, () => {
    it("refuses a bad parameter with a 400 naming it, as the API key's routes do", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const { secret } = await makeKey(desk.store, "pub_1");
      for (const [method, path, name] of BAD) {
        const body = method === "PUT" ? { title: "T" } : undefined;
        const res = await writer.send({ method, url: `/desk/api${path}`, body });
        assert.equal(res.statusCode, 400, `${method} ${path}: ${res.body}`);
        assert.equal(res.json().error, "invalid_parameter");
        assert.match(res.json().msg, new RegExp(`^${name}: `), `${method} ${path}`);
        const viaKey = await desk.app.inject({
          method,
          url: `/v1${path}`,
          headers: {
            authorization: `Bearer ${secret}`,
            ...(body && { "content-type": "application/json" }),
          },
          ...(body && { payload: JSON.stringify(body) }),
        });
        assert.equal(viaKey.json().msg, res.json().msg, `${method} ${path}: as with a key`);
      }
      const good = await writer.send({
        method: "GET",
        url: "/desk/api/posts?limit=2&status=draft",
      });
      assert.equal(good.statusCode, 200, good.body);
    });
  });
}
