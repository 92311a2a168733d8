// /v1/webhooks: a publication's own endpoints and deliveries, with its API key.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { storeFactories } from "../helpers/stores.js";
import { bearer, buildWithWebhooks } from "../helpers/webhook-app.js";
import { load, post } from "../helpers/webhook-data.js";
import { UNREACHABLE_TARGET } from "../../src/webhooks/failure.js";

const json = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(body),
});

for (const factory of await storeFactories()) {
  describe(`/v1/webhooks (${factory.name})`, () => {
    test("needs a live API key: 401 with a Bearer challenge", async (t) => {
      const { app } = await buildWithWebhooks(t, factory);
      const none = await app.inject("/v1/webhooks");
      assert.equal(none.statusCode, 401);
      assert.equal(none.headers["www-authenticate"], 'Bearer realm="folio"');
      assert.equal(none.json().error, "unauthorized");
      const wrong = await app.inject({ url: "/v1/webhooks", headers: bearer("nope") });
      assert.equal(wrong.statusCode, 401);
      assert.match(String(wrong.headers["www-authenticate"]), /invalid_token/);
    });

    test("adds an endpoint, shows its secret once, lists it only to its publication", async (t) => {
      const { app } = await buildWithWebhooks(t, factory);
      const body = { url: "https://hooks.example.com/folio", events: ["post.published"] };
      const made = await app.inject({
        method: "POST",
        url: "/v1/webhooks",
        ...json(body),
        headers: { ...bearer("key-1"), "content-type": "application/json" },
      });
      assert.equal(made.statusCode, 201);
      const created = made.json();
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.deepEqual(
        { ...created, id: "", secret: "", createdAt: "" },
        {
          id: "",
          secret: "",
          createdAt: "",
          url: body.url,
          events: body.events,
          includeContent: false,
        },
      );
      const mine = (await app.inject({ url: "/v1/webhooks", headers: bearer("key-1") })).json();
      assert.deepEqual(
        mine.endpoints.map((e: { id: string }) => e.id),
        [created.id],
      );
      assert.equal(
        JSON.stringify(mine).includes(created.secret),
        false,
        "the secret is never shown again",
      );
      const theirs = (await app.inject({ url: "/v1/webhooks", headers: bearer("key-2") })).json();
      assert.deepEqual(theirs.endpoints, []);
      const gone = await app.inject({
        method: "DELETE",
        url: `/v1/webhooks/${created.id}`,
        headers: bearer("key-2"),
      });
      assert.equal(gone.statusCode, 404, "not another publication's to remove");
      const removed = await app.inject({
        method: "DELETE",
        url: `/v1/webhooks/${created.id}`,
        headers: bearer("key-1"),
      });
      assert.equal(removed.statusCode, 204);
    });

    test("refuses bad endpoints with the field and the rule", async (t) => {
      const { app } = await buildWithWebhooks(t, factory, { WEBHOOK_ALLOW_PRIVATE: "false" });
      const post = (body: unknown) =>
        app.inject({
          method: "POST",
          url: "/v1/webhooks",
          payload: JSON.stringify(body),
          headers: { ...bearer("key-1"), "content-type": "application/json" },
        });
      const cases: [unknown, RegExp][] = [
        [{ url: "ftp://example.com/x" }, /^url: must be an absolute http\(s\) URL/],
        [{ url: "http://user:pw@example.com/x" }, /^url: must not carry credentials/],
        [{ url: "http://127.0.0.1:8080/x" }, /^url: refused: 127\.0\.0\.1 is a non-public address/],
        [{ url: "http://[::1]/x" }, /^url: refused/],
        [{ url: "http://169.254.169.254/latest/meta-data" }, /^url: refused/],
        [{ url: "https://example.com/x", events: ["post.created"] }, /^events: has 'post.created'/],
        [{ url: "https://example.com/x", secret: "mine" }, /^secret: is not a field here/],
        [{ url: 42 }, /^url: must be/],
        [{}, /^url: must be/],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json().error, "invalid_parameter");
        assert.match(res.json().msg, message, JSON.stringify(body));
      }
    });

    test("lists the publication's deliveries and queues one again", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory);
      const headers = { ...bearer("key-1"), "content-type": "application/json" };
      const made = await app.inject({
        method: "POST",
        url: "/v1/webhooks",
        headers,
        payload: JSON.stringify({ url: "http://127.0.0.1:9/none" }),
      });
      assert.equal(made.statusCode, 201);
      await load(store, [post("p_new", { publicationId: "pub_1" })]);
      const list = await app.inject({
        url: "/v1/webhooks/deliveries?limit=5",
        headers: bearer("key-1"),
      });
      assert.equal(list.statusCode, 200);
      const [delivery] = list.json().deliveries;
      assert.equal(delivery.eventType, "post.published");
      assert.equal(delivery.postId, "p_new");
      assert.match(delivery.eventId, /^msg_/);
      assert.match(delivery.createdAt, /^\d+$/);
      assert.deepEqual(
        (await app.inject({ url: "/v1/webhooks/deliveries", headers: bearer("key-2") })).json()
          .deliveries,
        [],
      );
      const again = `/v1/webhooks/deliveries/${delivery.id}/redeliver`;
      assert.equal(
        (await app.inject({ method: "POST", url: again, headers: bearer("key-2") })).statusCode,
        404,
      );
      const queued = await app.inject({ method: "POST", url: again, headers: bearer("key-1") });
      assert.equal(queued.statusCode, 202);
      assert.deepEqual(queued.json(), { status: "queued" });
      const bad = await app.inject({
        url: "/v1/webhooks/deliveries?failed=maybe",
        headers: bearer("key-1"),
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().msg, /^failed: /);
    });

    test("a refused or unresolvable target reads the same to the key holder; the store keeps why", async (t) => {
      const { app, store } = await buildWithWebhooks(t, factory, {
        WEBHOOK_ALLOW_PRIVATE: "false",
      });
      const headers = { ...bearer("key-1"), "content-type": "application/json" };
      // A name that resolves to loopback, and one that resolves to nothing: before, the first
      // said "resolves to 127.0.0.1" and the second ENOTFOUND, which maps the inside.
      for (const url of ["http://localhost:9/hook", "http://folio-nowhere.invalid/hook"]) {
        const made = await app.inject({
          method: "POST",
          url: "/v1/webhooks",
          headers,
          payload: { url },
        });
        assert.equal(made.statusCode, 201, made.body);
      }
      await load(store, [post("p_far", { publicationId: "pub_1" })]);
      const tried = async () => {
        const all = await store.listDeliveries({ limit: 10 });
        return all.length === 2 && all.every((d) => d.lastError !== undefined) ? all : undefined;
      };
      let stored = await tried();
      for (let i = 0; stored === undefined && i < 300; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        stored = await tried();
      }
      assert.ok(stored, "both deliveries were attempted");
      const reasons = stored.map((d) => d.lastError!).sort();
      assert.match(reasons[0]!, /^refused: localhost resolves to /);
      assert.match(reasons[1]!, /^unresolved: .*folio-nowhere\.invalid/);
      const list = await app.inject({ url: "/v1/webhooks/deliveries", headers: bearer("key-1") });
      assert.equal(list.statusCode, 200);
      const shown = list.json<{ deliveries: { lastError: string }[] }>().deliveries;
      assert.deepEqual(
        shown.map((d) => d.lastError),
        [UNREACHABLE_TARGET, UNREACHABLE_TARGET],
      );
      assert.doesNotMatch(list.body, /127\.0\.0\.1|::1|localhost|nowhere|ENOTFOUND|EAI_/);
    });

    test("preflights allow the Authorization header", async (t) => {
      const { app } = await buildWithWebhooks(t, factory);
      const res = await app.inject({ method: "OPTIONS", url: "/v1/webhooks" });
      assert.equal(res.statusCode, 204);
      assert.match(String(res.headers["access-control-allow-headers"]), /Authorization/);
      assert.equal(res.headers.allow, "GET, HEAD, POST, OPTIONS");
    });

    test("the OpenAPI document stays valid and lists the webhook operations", async (t) => {
      const { app } = await buildWithWebhooks(t, factory);
      const document = (await app.inject("/openapi.json")).json();
      const result = await new Validator().validate(document);
      assert.deepEqual(result.errors, undefined);
      const ids = Object.values(
        document.paths as Record<string, Record<string, { operationId?: string }>>,
      )
        .flatMap((p) => Object.values(p).map((o) => o.operationId))
        .filter((id) => id?.includes("Webhook"));
      assert.deepEqual(ids.sort(), [
        "createWebhook",
        "deleteWebhook",
        "listWebhookDeliveries",
        "listWebhooks",
        "redeliverWebhook",
      ]);
    });
  });
}
