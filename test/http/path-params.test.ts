// Hostile path parameters on every route the app registers, found from the app itself (an
// onRoute hook), so a route added later is covered without a list to keep: each parameter in
// turn gets NUL, control characters, spaces, `..` and a code point no header may carry.
// Whatever it names, the answer is never a 5xx, an error is the envelope, and nothing the
// client sent reaches a header unchecked. Then the error path itself, made to fail.
import assert from "node:assert/strict";
import { validateHeaderValue } from "node:http";
import { describe, test, type TestContext } from "node:test";
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from "fastify";
import { errorCatalogue } from "../../src/errors.js";
import { build } from "../helpers/app.js";
import { makeKey } from "../helpers/authoring.js";
import { PAST } from "../helpers/fixtures.js";
import { importLines } from "../helpers/store-tools.js";
import { sqliteFactory } from "../helpers/stores.js";

/** As they appear in a request target (percent-encoded where a target cannot hold them). */
const HOSTILE = [
  ...["%00", "a%00b", "%01", "%0A", "%0D%0Aset-cookie:%20x=1", "%1B%5B31m", "%7F", "%C2%85"],
  ...["%20", "a%20b", "..", "%2E%2E", ".", "%E6%97%A5%E6%9C%AC", "pst_1%00"],
];
/** A harmless value for the parameters not under test; `format` must be one it knows. */
const PLAIN: Record<string, string> = { format: "rss" };
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** What an error's answer must not carry: they describe a representation. */
const SUCCESS_ONLY = ["etag", "last-modified", "link", "location", "surrogate-key", "cache-tag"];

interface Seen {
  method: string;
  url: string;
}

async function appWithRoutes(t: TestContext, extra?: (app: FastifyInstance) => void) {
  const routes: Seen[] = [];
  const extend = (app: FastifyInstance) => {
    app.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    extra?.(app);
  };
  const { app, store } = await build(t, sqliteFactory, {}, extend);
  await app.ready();
  const key = (await makeKey(store, "pub_1")).secret;
  return { app, store, key, routes };
}

function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? "*");
}

function fill(url: string, param: string, value: string): string {
  return url.replace(/:([A-Za-z]+)|\*/g, (_m, name: string | undefined) => {
    const own = name ?? "*";
    return own === param ? value : (PLAIN[own] ?? "x");
  });
}

function send(app: FastifyInstance, key: string, method: string, url: string) {
  const body = WRITES.has(method) ? "{}" : undefined;
  return app.inject({
    method: method as "GET",
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** The reader's site's own paths, whose "not found" is its 404 page, not the envelope. */
const SITE_PAGE = /^\/(?!v1\/|desk\/|media\/|docs\/)/;
/** The desk's pages (not its API), whose answer without a session is the sign-in page. */
const DESK_PAGE = /^\/desk\/?(?:$|posts\/)/;

/**
 * Never a 5xx; an error is the envelope (or, for a site page read, the site's 404 page; for a desk
 * page read without a session, the sign-in page), with
 * no-store and none of a success's headers.
 */
function assertSafe(
  res: LightMyRequestResponse,
  what: string,
  method = "GET",
  route = "",
  target = route,
) {
  assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of [value ?? ""].flat()) validateHeaderValue(name, String(one));
  }
  if (res.statusCode < 400) return;
  const page = res.headers["content-type"] === "text/html; charset=utf-8";
  const read = method === "GET" || method === "HEAD";
  if (page && SITE_PAGE.test(route) && read) assertSitePage(res, what, method);
  // By the path the request resolves to: `/desk/assets/..` is the desk's own page.
  else if (page && DESK_PAGE.test(new URL(target, "http://folio.test").pathname) && read) {
    assertSignInPage(res, what, method);
  } else assertEnvelope(res, what, method, route);
}

/** A desk page asked without a session (as here, with an API key alone) asks to sign in. */
function assertSignInPage(res: LightMyRequestResponse, what: string, method: string) {
  assert.equal(res.statusCode, 401, what);
  assert.equal(res.headers["cache-control"], "no-store", what);
  assert.equal(res.headers["access-control-allow-origin"], undefined, what);
  if (method === "GET") assert.match(res.body, /<h1>Sign in to the desk<\/h1>/, what);
}

function assertSitePage(res: LightMyRequestResponse, what: string, method: string) {
  assert.equal(res.statusCode, 404, what);
  assert.equal(res.headers["cache-control"], "no-store", what);
  for (const name of SUCCESS_ONLY) assert.equal(res.headers[name], undefined, `${what}: ${name}`);
  if (method === "GET") assert.match(res.body, /^<!doctype html>/i, what);
}

function assertEnvelope(res: LightMyRequestResponse, what: string, method = "GET", route = "") {
  assert.equal(res.headers["content-type"], "application/json; charset=utf-8", what);
  assert.equal(res.headers["cache-control"], "no-store", what);
  // The desk answers no origin but its own (test/desk/headers.test.ts); a malformed desk URL
  // may be answered by the app's edge before any desk route, with the API's header.
  if (!route.startsWith("/desk")) {
    assert.equal(res.headers["access-control-allow-origin"], "*", what);
  }
  for (const name of SUCCESS_ONLY) assert.equal(res.headers[name], undefined, `${what}: ${name}`);
  if (method === "HEAD") return;
  const body = res.json<{ success: boolean; error: keyof typeof errorCatalogue; msg: string }>();
  assert.equal(body.success, false, what);
  assert.equal(errorCatalogue[body.error]?.status, res.statusCode, what);
  assert.equal(typeof body.msg, "string", what);
}

describe("hostile path parameters, on every registered route", () => {
  test("NUL, controls, spaces, `..` and wide code points in each parameter: safe answers", async (t) => {
    const { app, key, routes } = await appWithRoutes(t);
    const withParams = routes.filter((r) => paramsOf(r.url).length > 0);
    // The discovery, authoring, webhook and docs routes are all here, by their parameters.
    const urls = new Set(withParams.map((r) => r.url));
    t.diagnostic([...urls].join(" "));
    for (const url of ["/v1/posts/:postId", "/v1/webhooks/:endpointId", "/docs/static/*"]) {
      assert.ok(urls.has(url), `${url} registered`);
    }
    let requests = 0;
    for (const { method, url } of withParams) {
      for (const param of paramsOf(url)) {
        for (const value of HOSTILE) {
          const target = fill(url, param, value);
          const res = await send(app, key, method, target);
          assertSafe(res, `${method} ${target}`, method, url, target);
          requests++;
        }
      }
    }
    t.diagnostic(`${withParams.length} route methods, ${requests} requests`);
  });

  test("the issue's request: a NUL publication id is the 404 of an unknown publication", async (t) => {
    const { app } = await appWithRoutes(t);
    for (const url of ["/v1/publications/%00/posts/", "/v1/publications/%00/posts"]) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json<{ error: string }>().error, "not_found");
      assertSafe(res, url);
    }
  });

  test("ids no header may carry are percent-encoded in the CDN keys, not a 500", async (t) => {
    const { app, store } = await appWithRoutes(t);
    const pub = "pub 日本";
    await importLines(store, [
      { type: "publication", id: pub, slug: "nihon", name: "Nihon" },
      { type: "author", id: "usr 日", publicationId: pub, name: "Aki" },
      {
        ...{ type: "post", id: "pst 日,1", publicationId: pub, slug: "hi", title: "Hi" },
        ...{ publishedAt: PAST, categories: ["日 本"], authorIds: ["usr 日"] },
      },
    ]);
    const keys = {
      "/v1/posts/pst%20%E6%97%A5%2C1": "post-pst%20%E6%97%A5%2C1 pub-pub%20%E6%97%A5%E6%9C%AC",
      "/v1/publications/pub%20%E6%97%A5%E6%9C%AC": "pub-pub%20%E6%97%A5%E6%9C%AC",
      "/v1/publications/pub%20%E6%97%A5%E6%9C%AC/posts": "pub-pub%20%E6%97%A5%E6%9C%AC",
      "/v1/publications/pub%20%E6%97%A5%E6%9C%AC/feed/atom": "pub-pub%20%E6%97%A5%E6%9C%AC",
      "/v1/users/usr%20%E6%97%A5": "user-usr%20%E6%97%A5 pub-pub%20%E6%97%A5%E6%9C%AC",
      "/v1/posts/tag/%E6%97%A5%20%E6%9C%AC": "tag-%E6%97%A5%20%E6%9C%AC",
    };
    for (const [url, surrogateKey] of Object.entries(keys)) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      assert.equal(res.headers["surrogate-key"], surrogateKey, url);
      assert.equal(res.headers["cache-tag"], surrogateKey.replaceAll(" ", ","), url);
    }
  });
});

describe("the error path, when answering fails", () => {
  const failing = (app: FastifyInstance) => {
    // A success whose header Node refuses, after the handler set a success's headers.
    app.get("/test/unwritable-header", async (_request, reply) =>
      reply.headers({ etag: '"x"', "surrogate-key": "pub-x", "x-bad": "a\u0000b" }).send("ok"),
    );
    // An error the error handler itself trips over.
    app.get("/test/poisoned-error", async () => {
      const error = new Error("poisoned");
      Object.defineProperty(error, "validation", {
        get() {
          throw new Error("reading this error fails too");
        },
      });
      throw error;
    });
  };

  test("a header Node refuses: the envelope of a 500, without it or the success's headers", async (t) => {
    const { app } = await appWithRoutes(t, failing);
    const res = await app.inject("/test/unwritable-header");
    assert.equal(res.statusCode, 500);
    assert.equal(res.headers["x-bad"], undefined);
    assert.equal(res.json<{ error: string }>().error, "internal");
    assert.equal(res.json<{ requestId: string }>().requestId, res.headers["x-request-id"]);
    assertEnvelope(res, "unwritable header");
  });

  test("an error handler that fails still answers the envelope of a 500", async (t) => {
    const { app } = await appWithRoutes(t, failing);
    for (const method of ["GET", "HEAD"] as const) {
      const res = await app.inject({ method, url: "/test/poisoned-error" });
      assert.equal(res.statusCode, 500, method);
      assertEnvelope(res, `${method} poisoned error`, method);
      if (method === "GET") {
        assert.deepEqual(Object.keys(res.json()).sort(), ["error", "msg", "requestId", "success"]);
      }
    }
  });
});
