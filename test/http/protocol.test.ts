// Contract sections 2 and 4: methods, headers, CORS, request ids and the error envelope.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { build, SITE_URL } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";

const POST = "/v1/posts/pst_1";
const BY_SLUG = "/v1/publications/slug/blog/posts/slug/hello-world";

for (const factory of await storeFactories()) {
  describe(`protocol (${factory.name})`, () => {
    test("HEAD answers like GET, without a body", async (t) => {
      const { app } = await build(t, factory);
      for (const url of [POST, BY_SLUG, "/v1/posts/nope"]) {
        const [get, head] = [await app.inject(url), await app.inject({ method: "HEAD", url })];
        assert.equal(head.statusCode, get.statusCode);
        assert.equal(head.body, "");
        assert.equal(head.headers["content-type"], get.headers["content-type"]);
        assert.equal(head.headers["content-length"], get.headers["content-length"]);
      }
    });

    test("other methods are 405 with Allow, on both routes", async (t) => {
      const { app } = await build(t, factory);
      // The by-id path also takes the authoring API's keyed writes (PUT, DELETE).
      const cases = [
        { url: POST, refused: ["POST", "PATCH"], allow: "GET, HEAD, PUT, DELETE, OPTIONS" },
        { url: BY_SLUG, refused: ["POST", "PUT", "PATCH", "DELETE"], allow: "GET, HEAD, OPTIONS" },
      ] as const;
      for (const { url, refused, allow } of cases) {
        for (const method of refused) {
          const payload = method === "DELETE" ? undefined : "{}";
          const res = await app.inject({ method, url, payload });
          assert.equal(res.statusCode, 405, `${method} ${url}`);
          assert.equal(res.headers.allow, allow);
          assert.equal(res.json().error, "method_not_allowed");
        }
      }
    });

    test("OPTIONS preflight allows any origin to GET, with the read headers", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject({
        method: "OPTIONS",
        url: BY_SLUG,
        headers: {
          origin: "https://reader.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "if-none-match",
        },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers["access-control-allow-origin"], "*");
      assert.equal(res.headers["access-control-allow-methods"], "GET, HEAD, OPTIONS");
      const allowed = String(res.headers["access-control-allow-headers"]).toLowerCase();
      assert.ok(allowed.split(", ").includes("if-none-match"), allowed);
      // A read-only route takes no key and no body.
      assert.ok(!allowed.includes("authorization") && !allowed.includes("content-type"));
    });

    test("CORS, nosniff and X-Request-Id on successes and on every kind of error", async (t) => {
      const { app } = await build(t, factory);
      const urls = [
        POST,
        "/v1/posts/nope",
        "/nowhere",
        `/v1/posts/${"a".repeat(300)}`,
        `/v1/posts/x?includeContent=no`,
      ];
      for (const url of urls) {
        const res = await app.inject({ url, headers: { origin: "https://reader.example" } });
        assert.equal(res.headers["access-control-allow-origin"], "*", url);
        assert.equal(res.headers["x-content-type-options"], "nosniff", url);
        assert.match(String(res.headers["x-request-id"]), /^[\w.:-]+$/, url);
        assert.match(String(res.headers["access-control-expose-headers"]), /X-Request-Id/);
      }
    });

    test("errors are the JSON envelope with no-store and the request id", async (t) => {
      const { app } = await build(t, factory);
      for (const [url, status, code] of [
        ["/v1/posts/nope", 404, "not_found"],
        ["/somewhere/else", 404, "not_found"],
        [`/v1/posts/pst_1?includeContent=maybe`, 400, "invalid_parameter"],
      ] as const) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, status);
        assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
        assert.equal(res.headers["cache-control"], "no-store");
        const body = res.json();
        assert.deepEqual(Object.keys(body).sort(), ["error", "msg", "requestId", "success"]);
        assert.equal(body.success, false);
        assert.equal(body.error, code);
        assert.equal(body.requestId, res.headers["x-request-id"]);
      }
      assert.equal((await app.inject("/v1/posts/nope")).json().msg, "Post not found");
    });

    test("a valid incoming X-Request-Id is echoed; an unsafe one is replaced", async (t) => {
      const { app } = await build(t, factory);
      const echoed = await app.inject({
        url: "/v1/posts/nope",
        headers: { "x-request-id": "abc-123.X:y" },
      });
      assert.equal(echoed.headers["x-request-id"], "abc-123.X:y");
      assert.equal(echoed.json().requestId, "abc-123.X:y");
      for (const unsafe of ["has space", "a\u0007b", "x".repeat(200), "<script>"]) {
        const res = await app.inject({ url: POST, headers: { "x-request-id": unsafe } });
        assert.notEqual(res.headers["x-request-id"], unsafe);
        assert.match(String(res.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
      }
    });

    test("the canonical Link names the public URL of the post", async (t) => {
      const { app } = await build(t, factory);
      for (const url of [POST, BY_SLUG, "/v1/publications/slug/@blog/posts/slug/hello-world"]) {
        assert.equal(
          (await app.inject(url)).headers.link,
          `<${SITE_URL}/@blog/hello-world>; rel="canonical"`,
        );
      }
      const unicode = await app.inject("/v1/posts/pst_unicode");
      assert.equal(
        unicode.headers.link,
        `<${SITE_URL}/@Other-Pub/caf%C3%A9-%C3%BC>; rel="canonical"`,
      );
    });

    test("a request target over 8 KiB is a 414; exactly 8 KiB is not", async (t) => {
      const { app } = await build(t, factory);
      const at = (n: number) =>
        `/v1/posts/pst_1?pad=${"x".repeat(n - "/v1/posts/pst_1?pad=".length)}`;
      assert.equal((await app.inject(at(8192))).statusCode, 200);
      for (const url of [
        at(8193),
        `/v1/posts/${"a".repeat(9000)}`,
        `/nowhere/${"a".repeat(9000)}`,
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 414);
        assert.equal(res.json().error, "uri_too_long");
        assert.equal(res.headers["access-control-allow-origin"], "*");
      }
    });
  });
}
