// The OpenAPI document: valid 3.1, generated from the routes, and true of real responses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { build } from "../helpers/app.js";
import { runFolio } from "../helpers/cli.js";
import { responseChecker, type OpenApiDocument } from "../helpers/openapi.js";
import { serve } from "../helpers/served.js";
import { storeFactories } from "../helpers/stores.js";

const BY_ID = "/v1/posts/{postId}";
const BY_SLUGS = "/v1/publications/slug/{publicationSlug}/posts/slug/{postSlug}";
const ERROR_STATUSES = ["400", "404", "405", "414", "429", "500", "503"];

for (const factory of await storeFactories()) {
  describe(`OpenAPI document (${factory.name})`, () => {
    test("is valid OpenAPI 3.1 and served at /openapi.json", async (t) => {
      const { app } = await build(t, factory);
      const res = await app.inject("/openapi.json");
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers["content-type"]), /^application\/json/);
      const document = res.json<OpenApiDocument>();
      assert.equal(document.openapi, "3.1.0");
      const result = await new Validator().validate(document);
      assert.deepEqual(result.errors, undefined);
      assert.equal(result.valid, true);
      assert.deepEqual(document, JSON.parse(JSON.stringify(app.swagger())));
    });

    test("documents both operations, every error status and the response headers", async (t) => {
      const { app } = await build(t, factory);
      const document = (await app.inject("/openapi.json")).json<OpenApiDocument>();
      assert.deepEqual(Object.keys(document.paths).sort(), [
        "/desk/api/media",
        "/desk/api/passkeys",
        "/desk/api/passkeys/options",
        "/desk/api/posts",
        "/desk/api/posts/{postId}",
        "/desk/api/session",
        "/desk/passkey/options",
        "/desk/passkey/signin",
        "/desk/signin",
        "/desk/signout",
        "/healthz",
        "/readyz",
        "/v1/discover/blogs/search",
        "/v1/discover/search",
        "/v1/me",
        "/v1/posts",
        "/v1/posts/feed",
        "/v1/posts/slug/{slug}",
        "/v1/posts/tag/{tag}",
        BY_ID,
        "/v1/posts/{postId}/view",
        "/v1/publications/domain/{domain}",
        "/v1/publications/slug/{publicationSlug}",
        "/v1/publications/slug/{publicationSlug}/feed/{format}",
        BY_SLUGS,
        "/v1/publications/{publicationId}",
        "/v1/publications/{publicationId}/feed/{format}",
        "/v1/publications/{publicationId}/posts",
        "/v1/publications/{publicationId}/posts/slug/{postSlug}",
        "/v1/users/wallet/{walletAddress}",
        "/v1/users/{userId}",
        "/v1/webhooks",
        "/v1/webhooks/deliveries",
        "/v1/webhooks/deliveries/{deliveryId}/redeliver",
        "/v1/webhooks/{endpointId}",
      ]);
      // The other operations are documented in authoring-openapi.test.ts, the discovery
      // suites, webhook-routes.test.ts and test/desk/openapi.test.ts.
      const methods = Object.keys(document.paths[BY_ID]!).sort();
      assert.deepEqual(methods, ["delete", "get", "put"], "OPTIONS and 405s are not");
      const byId = document.paths[BY_ID]!.get!;
      const bySlugs = document.paths[BY_SLUGS]!.get!;
      assert.equal(byId.operationId, "getPostById");
      assert.equal(bySlugs.operationId, "getPostBySlugs");
      for (const operation of [byId, bySlugs]) {
        assert.deepEqual(operation.tags, ["posts"]);
        for (const status of ["200", "304", ...ERROR_STATUSES]) {
          assert.ok(operation.responses[status], `${operation.operationId} documents ${status}`);
        }
        for (const status of ERROR_STATUSES) {
          assert.deepEqual((operation.responses[status] as { content?: unknown }).content, {
            "application/json": { schema: { $ref: "#/components/schemas/Error" } },
          });
          assert.ok(operation.responses[status]!.headers?.["X-Request-Id"]);
        }
        const headers = Object.keys(operation.responses["200"]!.headers ?? {});
        for (const name of ["ETag", "Last-Modified", "Cache-Control", "Link", "X-Request-Id"]) {
          assert.ok(headers.includes(name), `200 documents ${name}`);
        }
        assert.ok(headers.includes("Surrogate-Key"));
        assert.ok(operation.responses["503"]!.headers?.["Retry-After"]);
        assert.ok(operation.responses["405"]!.headers?.Allow);
        assert.match(operation.description ?? "", /includeContent/);
        assert.match(operation.description ?? "", /1 to 256/);
      }
      assert.match(bySlugs.description ?? "", /leading `@`/);
      const include = byId.parameters?.find((p) => p.name === "includeContent");
      assert.equal(include?.in, "query");
      assert.match(include?.description ?? "", /given twice/);
      assert.deepEqual(Object.keys(document.components.schemas).sort(), [
        "Author",
        "BlogSearchHit",
        "Error",
        "FeedItem",
        "FeedPage",
        "Pagination",
        "Post",
        "PostPage",
        "PostSearchHit",
        "Publication",
        "SearchBlog",
        "SearchUser",
        "Social",
      ]);
    });

    test("real responses match the documented schemas, and the 200 carries its headers", async (t) => {
      const { app } = await build(t, factory);
      const document = (await app.inject("/openapi.json")).json<OpenApiDocument>();
      const check = responseChecker(document);
      const cases: [string, string, number][] = [
        [BY_ID, "/v1/posts/pst_1", 200],
        [BY_ID, "/v1/posts/pst_1?includeContent=true", 200],
        [BY_ID, "/v1/posts/pst_bare", 200],
        [BY_SLUGS, "/v1/publications/slug/@blog/posts/slug/hello-world", 200],
        [BY_SLUGS, "/v1/publications/slug/Other-Pub/posts/slug/caf%C3%A9-%C3%BC", 200],
        [BY_ID, "/v1/posts/pst_draft", 404],
        [BY_SLUGS, "/v1/publications/slug/blog/posts/slug/nope", 404],
        [BY_ID, "/v1/posts/pst_1?includeContent=maybe", 400],
        [BY_SLUGS, `/v1/publications/slug/${"a".repeat(257)}/posts/slug/x`, 400],
      ];
      for (const [path, url, status] of cases) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, status, url);
        assert.deepEqual(check(path, status, res.json()), [], url);
      }
      const ok = await app.inject("/v1/posts/pst_1");
      const documented = Object.keys(document.paths[BY_ID]!.get!.responses["200"]!.headers ?? {});
      for (const name of documented.filter((h) => h !== "Content-Encoding")) {
        assert.ok(ok.headers[name.toLowerCase()] !== undefined, `200 sends ${name}`);
      }
      assert.deepEqual(check("/readyz", 200, (await app.inject("/readyz")).json()), []);
      assert.deepEqual(check("/healthz", 200, (await app.inject("/healthz")).json()), []);
    });

    test("the checks are real: a body that breaks the schema is caught", async (t) => {
      const { app } = await build(t, factory);
      const check = responseChecker((await app.inject("/openapi.json")).json<OpenApiDocument>());
      const post = (await app.inject("/v1/posts/pst_1")).json<Record<string, unknown>>();
      assert.notDeepEqual(check(BY_ID, 200, { ...post, title: undefined }), []);
      assert.notDeepEqual(check(BY_ID, 200, { ...post, publishedAt: 1732147200000 }), []);
      assert.notDeepEqual(check(BY_ID, 404, { success: false, msg: "x", error: "nope" }), []);
    });
  });
}

test("folio openapi prints the document a running server serves, which its answers match", async (t) => {
  const { base } = await serve(t);
  const served = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
  const printed = await runFolio(["openapi"], { DATABASE_URL: "/nonexistent/never-opened.db" });
  assert.equal(printed.code, 0, printed.stderr);
  assert.deepEqual(JSON.parse(printed.stdout), served);
  const withServer = await runFolio(["openapi", "--server", "https://api.example.com/"], {});
  assert.deepEqual(JSON.parse(withServer.stdout).servers, [{ url: "https://api.example.com" }]);
  const check = responseChecker(served);
  const post = await fetch(`${base}/v1/posts/pst_welcome?includeContent=true`);
  assert.equal(post.status, 200);
  assert.deepEqual(check(BY_ID, 200, await post.json()), []);
  const missing = await fetch(
    `${base}/v1/publications/slug/field-notes/posts/slug/unfinished-thoughts`,
  );
  assert.equal(missing.status, 404);
  assert.deepEqual(check(BY_SLUGS, 404, await missing.json()), []);
});
