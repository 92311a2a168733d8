// The desk's routes in the OpenAPI document: every one a script or a form calls is there under
// the tag "desk", with the session cookie and (on state-changing requests) the CSRF token as its
// security and the refusals it can give; the document is still valid OpenAPI 3.1; and the
// desk's real answers, every field they had before they were documented, match it.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import sharp from "sharp";
import { Validator } from "@seriousme/openapi-schema-validator";
import { build } from "../helpers/app.js";
import { responseChecker, type OpenApiDocument } from "../helpers/openapi.js";
import { sqliteFactory } from "../helpers/stores.js";
import { ORIGIN, browser, buildDesk, cookieOf, signInWith } from "./helpers.js";
import { SoftAuthenticator } from "./soft-authenticator.js";

type Document = OpenApiDocument & {
  tags: { name: string }[];
  components: { securitySchemes: Record<string, unknown> };
};
type Operation = Document["paths"][string][string] & { security?: unknown };

const DOCUMENTED = [
  "post /desk/signin",
  "post /desk/signout",
  "get /desk/api/session",
  "get /desk/api/posts",
  "get /desk/api/posts/{postId}",
  "post /desk/api/posts",
  "put /desk/api/posts/{postId}",
  "delete /desk/api/posts/{postId}",
  "post /desk/api/media",
  "post /desk/api/passkeys/options",
  "post /desk/api/passkeys",
  "post /desk/passkey/options",
  "post /desk/passkey/signin",
];

describe("the desk's routes in the OpenAPI document", () => {
  it("documents every desk request a page's script or form makes, with its security", async (t) => {
    const routes = new Map<string, boolean>();
    const { app } = await build(t, sqliteFactory, {}, (app) => {
      app.addHook("onRoute", (route) => {
        if (!route.url.startsWith("/desk") || route.config?.generated === true) return;
        const path = route.url.replace(/:(\w+)/g, "{$1}");
        for (const method of [route.method].flat()) {
          if (method !== "HEAD")
            routes.set(`${method.toLowerCase()} ${path}`, !!route.config?.desk);
        }
      });
    });
    const document = (await app.inject("/openapi.json")).json<Document>();
    const result = await new Validator().validate(document);
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
    assert.ok(document.tags.some((tag) => tag.name === "desk"));
    assert.deepEqual(document.components.securitySchemes.deskSession, {
      ...{ type: "apiKey", in: "cookie", name: "__Host-folio_desk" },
      description: (document.components.securitySchemes.deskSession as { description: string })
        .description,
    });
    const schemes = document.components.securitySchemes as Record<string, Record<string, string>>;
    assert.match(schemes.deskSession!.description!, /`folio_desk` on plain HTTP/);
    assert.deepEqual(
      { ...schemes.deskCsrf, description: undefined },
      { type: "apiKey", in: "header", name: "X-CSRF-Token", description: undefined },
    );
    assert.match(schemes.deskCsrf!.description!, /`_csrf` field/);

    const documented = new Map<string, Operation>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations) as [string, Operation][]) {
        if (path.startsWith("/desk")) documented.set(`${method} ${path}`, operation);
      }
    }
    assert.deepEqual([...documented.keys()].sort(), [...DOCUMENTED].sort());
    // What no page's script or form calls is a page: GET /desk and the invite link's page.
    const pages = [...routes.keys()].filter((name) => !documented.has(name));
    assert.ok(
      pages.every((name) => name.startsWith("get ") && !/\/desk\/(api|passkey)\//.test(name)),
      pages.join(),
    );
    for (const [name, operation] of documented) {
      const guarded = routes.get(name);
      assert.notEqual(guarded, undefined, `${name} is a route`);
      assert.deepEqual(operation.tags, ["desk"], name);
      assert.match(operation.operationId ?? "", /^desk[A-Z]/, name);
      const reads = name.startsWith("get ");
      const security = !guarded
        ? undefined
        : reads
          ? [{ deskSession: [] }]
          : [{ deskSession: [], deskCsrf: [] }];
      assert.deepEqual(operation.security, security, name);
      if (guarded) assert.ok(operation.responses["401"], `${name} documents 401`);
      if (!reads) assert.ok(operation.responses["403"], `${name} documents 403`);
    }
  });

  it("answers as it documents, with every field it answered before", async (t) => {
    const desk = await buildDesk(t, sqliteFactory);
    const check = responseChecker((await desk.app.inject("/openapi.json")).json<Document>());
    const writer = await desk.signIn();
    const answers: string[] = [];
    const expect = async (
      path: string,
      response: ReturnType<typeof writer.send> | ReturnType<typeof signInWith>,
      status: number,
      method = "post",
    ) => {
      const res = await response;
      assert.equal(res.statusCode, status, `${method} ${path}: ${res.body}`);
      assert.deepEqual(check(path, status, res.json(), method), [], `${method} ${path} ${status}`);
      answers.push(`${method} ${path} ${status}`);
      return res;
    };

    const session = await expect(
      "/desk/api/session",
      writer.send({ method: "GET", url: "/desk/api/session" }),
      200,
      "get",
    );
    assert.deepEqual(Object.keys(session.json()).sort(), [
      ...["createdAt", "csrfToken", "expiresAt", "id", "method", "passkeys", "publicationId"],
      "userId",
    ]);
    const anonymous = desk.app.inject({ url: "/desk/api/session" });
    await expect("/desk/api/session", anonymous, 401, "get");

    const created = await expect(
      "/desk/api/posts",
      writer.send({ method: "POST", url: "/desk/api/posts", body: { title: "T", markdown: "x" } }),
      201,
    );
    assert.deepEqual(Object.keys(created.json()).sort(), ["id", "status"]);
    const id = created.json().id as string;
    const etag = created.headers.etag as string;
    assert.ok(etag, "the documented ETag");
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      writer.send({ method: "POST", url: "/desk/api/posts", body, headers });
    await expect("/desk/api/posts", post({ title: "" }), 400);
    await expect("/desk/api/posts", post({ title: "T" }, { origin: "https://evil.example" }), 403);
    await expect(
      "/desk/api/posts",
      writer.send({ method: "GET", url: "/desk/api/posts?includeContent=true" }),
      200,
      "get",
    );
    await expect(
      "/desk/api/posts",
      writer.send({ method: "GET", url: "/desk/api/posts?status=all" }),
      400,
      "get",
    );

    const byId = "/desk/api/posts/{postId}";
    const read = await expect(
      byId,
      writer.send({ method: "GET", url: `/desk/api/posts/${id}` }),
      200,
      "get",
    );
    assert.equal(read.json().etag, read.headers.etag);
    assert.equal(read.json().id, id);
    await expect(byId, writer.send({ method: "GET", url: "/desk/api/posts/pst_none" }), 404, "get");
    const put = (target: string, headers: Record<string, string>) =>
      writer.send({
        method: "PUT",
        url: `/desk/api/posts/${target}`,
        body: { title: "U" },
        headers,
      });
    await expect(byId, put(id, { "if-match": '"stale"' }), 412, "put");
    await expect(byId, put("pst_unicode", {}), 404, "put");
    await expect(byId, put(id, { "if-match": etag }), 200, "put");
    const remove = writer.send({ method: "DELETE", url: `/desk/api/posts/${id}` });
    await expect(byId, remove, 200, "delete");

    const image = await sharp({
      create: { width: 700, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const upload = (raw: Buffer) =>
      writer.send({
        method: "POST",
        url: "/desk/api/media",
        raw,
        headers: { "content-type": "image/png" },
      });
    const media = await expect("/desk/api/media", upload(image), 201);
    assert.deepEqual(Object.keys(media.json()).sort(), [
      ...["createdAt", "format", "height", "id", "publicationId", "src", "srcset", "width"],
      "widths",
    ]);
    await expect("/desk/api/media", upload(Buffer.from("<svg/>")), 415);

    // A passkey: registered in the session, then signing in alone; a replay refused.
    const authenticator = new SoftAuthenticator();
    const options = await expect(
      "/desk/api/passkeys/options",
      writer.send({ method: "POST", url: "/desk/api/passkeys/options", body: {} }),
      200,
    );
    // WebAuthn's own fields pass through as @simplewebauthn/server made them.
    for (const field of ["pubKeyCredParams", "authenticatorSelection", "excludeCredentials"]) {
      assert.ok(field in options.json(), field);
    }
    assert.deepEqual(options.json().authenticatorSelection, {
      residentKey: "required",
      userVerification: "preferred",
      requireResidentKey: true,
    });
    const registration = authenticator.create(options.json().challenge);
    await expect(
      "/desk/api/passkeys",
      writer.send({ method: "POST", url: "/desk/api/passkeys", body: registration }),
      201,
    );
    const unsigned = { origin: ORIGIN, "sec-fetch-site": "same-origin" };
    const json = { ...unsigned, "content-type": "application/json" };
    const signInOptions = await expect(
      "/desk/passkey/options",
      desk.app.inject({
        method: "POST",
        url: "/desk/passkey/options",
        headers: json,
        payload: "{}",
      }),
      200,
    );
    assert.equal(signInOptions.json().userVerification, "preferred");
    const assertion = JSON.stringify(authenticator.get(signInOptions.json().challenge));
    const signIn = () =>
      desk.app.inject({
        method: "POST",
        url: "/desk/passkey/signin",
        headers: json,
        payload: assertion,
      });
    const signedIn = await expect("/desk/passkey/signin", signIn(), 200);
    assert.deepEqual(Object.keys(signedIn.json()).sort(), [
      ...["createdAt", "csrfToken", "expiresAt", "id", "method", "publicationId", "userId"],
    ]);
    assert.equal((await browser(desk, cookieOf(signedIn))).csrf, signedIn.json().csrfToken);
    await expect("/desk/passkey/signin", signIn(), 403);

    // The forms: signing in and out answer pages, and their refusals the JSON envelope.
    const crossSite = signInWith(desk, await desk.invite(), { origin: "https://evil.example" });
    await expect("/desk/signin", crossSite, 403);
    const spent = await signInWith(desk, "folio_di_nope");
    assert.equal(spent.statusCode, 400);
    assert.match(spent.headers["content-type"] as string, /^text\/html/);
    const out = await desk.app.inject({
      method: "POST",
      url: "/desk/signout",
      headers: {
        ...{ cookie: writer.cookie, ...unsigned },
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `_csrf=${writer.csrf}`,
    });
    assert.equal(out.statusCode, 200);
    assert.match(out.headers["content-type"] as string, /^text\/html/);
    await expect("/desk/signout", writer.send({ method: "POST", url: "/desk/signout" }), 401);
    const operations = new Set(answers.map((a) => a.replace(/ \d+$/, "")));
    assert.deepEqual(
      DOCUMENTED.filter((name) => !operations.has(name)),
      [],
      "a real answer of every documented operation was checked",
    );
  });
});
