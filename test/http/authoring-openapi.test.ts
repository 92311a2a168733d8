// The authoring routes in the OpenAPI document: every route that takes a key
// names the bearer scheme and documents 401, no other route does; real answers match the
// documented schemas.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { build } from "../helpers/app.js";
import { makeKey, sender } from "../helpers/authoring.js";
import { responseChecker, type OpenApiDocument } from "../helpers/openapi.js";
import { sqliteFactory } from "../helpers/stores.js";

type Document = OpenApiDocument & { components: { securitySchemes: Record<string, unknown> } };
type Operation = Document["paths"][string][string] & { security?: unknown };

describe("the authoring routes in the OpenAPI document", () => {
  it("names the bearer scheme on every route that takes a key, and only there", async (t) => {
    const guarded = new Set<string>();
    const { app } = await build(t, sqliteFactory, {}, (app) => {
      app.addHook("onRoute", (route) => {
        if (route.config?.auth !== true) return;
        const path = route.url.replace(/:(\w+)/g, "{$1}");
        for (const method of [route.method].flat()) guarded.add(`${method.toLowerCase()} ${path}`);
      });
    });
    const document = (await app.inject("/openapi.json")).json<Document>();
    assert.deepEqual(document.components.securitySchemes.apiKey, {
      type: "http",
      scheme: "bearer",
      description:
        "A publication's API key (`folio keys create`): `Authorization: Bearer folio_sk_…`",
    });
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations) as [string, Operation][]) {
        // The desk's session schemes instead: test/desk/openapi.test.ts.
        if (path.startsWith("/desk/")) continue;
        const name = `${method} ${path}`;
        documented.add(name);
        const takesKey = guarded.has(name);
        assert.deepEqual(operation.security, takesKey ? [{ apiKey: [] }] : undefined, name);
        if (takesKey) assert.ok(operation.responses["401"], `${name} documents 401`);
      }
    }
    const undocumented = [...guarded].filter(
      (name) => !name.startsWith("head ") && !documented.has(name),
    );
    assert.deepEqual(undocumented, []);
    // Authoring: seven operations and HEAD of its two reads; webhooks: five and HEAD of two.
    assert.equal(guarded.size, 16);
  });

  it("answers as it documents", async (t) => {
    const { app, store } = await build(t, sqliteFactory, { MAX_EVENT_LOOP_DELAY_MS: "0" });
    const send = sender(app, (await makeKey(store, "pub_1")).secret);
    const check = responseChecker((await app.inject("/openapi.json")).json<Document>());
    const cases: [string, string, Parameters<typeof send>[0]][] = [
      [
        "/v1/posts",
        "post",
        { method: "POST", url: "/v1/posts", body: { title: "T", markdown: "x" } },
      ],
      ["/v1/posts", "post", { method: "POST", url: "/v1/posts", body: { title: "" } }],
      ["/v1/posts", "get", { method: "GET", url: "/v1/posts?includeContent=true" }],
      ["/v1/posts", "get", { method: "GET", url: "/v1/posts", key: null }],
      ["/v1/me", "get", { method: "GET", url: "/v1/me" }],
      [
        "/v1/posts/{postId}",
        "put",
        { method: "PUT", url: "/v1/posts/pst_1", body: { title: "U" } },
      ],
      [
        "/v1/posts/{postId}",
        "put",
        { method: "PUT", url: "/v1/posts/pst_1", body: {}, headers: { "if-match": '"x"' } },
      ],
      ["/v1/posts/slug/{slug}", "delete", { method: "DELETE", url: "/v1/posts/slug/bare" }],
      ["/v1/posts/slug/{slug}", "delete", { method: "DELETE", url: "/v1/posts/slug/bare" }],
      [
        "/v1/posts/{postId}/view",
        "post",
        { method: "POST", url: "/v1/posts/pst_nope/view", key: null },
      ],
    ];
    const statuses = [];
    for (const [path, method, request] of cases) {
      const res = await send(request);
      statuses.push(res.statusCode);
      assert.deepEqual(
        check(path, res.statusCode, res.json(), method),
        [],
        `${request.method} ${request.url}`,
      );
    }
    assert.deepEqual(statuses, [200, 400, 200, 401, 200, 200, 412, 200, 404, 404]);
  });
});
