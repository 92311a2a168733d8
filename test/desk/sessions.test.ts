// Signing in to the desk on every store: a one-time invite confirmed by a form (a GET never
// spends it), the session cookie's attributes, idle and absolute expiry, revocation seen by
// another node at its next request, sign-out, and the CSRF defence on state-changing requests.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { DeskInviteError, hashSecret } from "../../src/desk/sessions.js";
import { DEFAULT_POSTGRES_SETTINGS } from "../../src/config/index.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import type { PostStore } from "../../src/store/post-store.js";
import { SITE_URL } from "../helpers/app.js";
import { makeKey } from "../helpers/authoring.js";
import { storeFactories, type StoreFactory } from "../helpers/stores.js";
import { ORIGIN, buildDesk, cookieOf, signInWith } from "./helpers.js";

const NEW_POST = { title: "From the desk", markdown: "Written **here**.", status: "draft" };

function openAgain(factory: StoreFactory, url: string): PostStore {
  return factory.name === "sqlite"
    ? openSqliteStore(url)
    : openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url });
}

for (const factory of await storeFactories()) {
  describe(`desk sessions (${factory.name})`, () => {
    it("signs in once through an invite: GET only shows the form, the POST spends it", async (t) => {
      const desk = await buildDesk(t, factory);
      const token = await desk.invite();
      for (let i = 0; i < 2; i++) {
        const page = await desk.app.inject({ url: `/desk/signin?token=${token}` });
        assert.equal(page.statusCode, 200);
        assert.match(page.headers["content-type"] as string, /^text\/html/);
        assert.match(page.body, /<form method="post" action="\/desk\/signin">/);
        assert.ok(page.body.includes(`value="${token}"`));
        // The token in the address reaches no other origin; the form's POST keeps its Origin.
        assert.equal(page.headers["referrer-policy"], "same-origin");
      }
      const first = await signInWith(desk, token);
      assert.equal(first.statusCode, 303);
      assert.equal(first.headers.location, "/desk");
      const cookie = first.headers["set-cookie"] as string;
      assert.match(
        cookie,
        /^__Host-folio_desk=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Expires=/,
      );
      const again = await signInWith(desk, token);
      assert.equal(again.statusCode, 400);
      assert.equal(again.headers["set-cookie"], undefined);
      const home = await desk.app.inject({ url: "/desk", headers: { cookie: cookieOf(first) } });
      assert.equal(home.statusCode, 200);
      assert.match(home.body, /Signed in as Ada to The Blog/);
    });

    it("stores only a hash of the invite and of the session secret", async (t) => {
      const desk = await buildDesk(t, factory);
      const token = await desk.invite();
      const secret = cookieOf(await signInWith(desk, token)).split("=")[1]!;
      const [session] = await desk.store.listDeskSessions();
      assert.ok(session);
      assert.equal((await desk.store.findDeskSession(hashSecret(secret)))?.id, session.id);
      assert.equal(await desk.store.findDeskSession(secret), undefined);
      assert.equal(await desk.store.redeemDeskInvite(token, Date.now()), undefined);
    });

    it("refuses an expired invite, a cross-site sign-in, and invites for non-authors", async (t) => {
      const desk = await buildDesk(t, factory);
      const now = Date.now();
      const expired = `folio_di_${"e".repeat(43)}`;
      await desk.store.createDeskInvite({
        ...{ hash: hashSecret(expired), publicationId: "pub_1", userId: "usr_1" },
        ...{ createdAt: now - 2000, expiresAt: now - 1000 },
      });
      assert.equal((await signInWith(desk, expired)).statusCode, 400);
      const token = await desk.invite("pub_1");
      const crossSite = await signInWith(desk, token, {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      });
      assert.equal(crossSite.statusCode, 403);
      // The refused attempt spent nothing.
      assert.equal((await signInWith(desk, token)).statusCode, 303);
      await assert.rejects(desk.invite("Other-Pub", "usr_1"), DeskInviteError);
      await assert.rejects(desk.invite("blog", "usr_nobody"), DeskInviteError);
      await assert.rejects(desk.invite("no-such-pub", "usr_1"), DeskInviteError);
    });

    it("sets the cookie without Secure when the site is plain HTTP", async (t) => {
      const desk = await buildDesk(t, factory, { SITE_URL: "http://localhost:3000" });
      const res = await signInWith(desk, await desk.invite(), { origin: "http://localhost:3000" });
      assert.equal(res.statusCode, 303);
      const cookie = res.headers["set-cookie"] as string;
      assert.match(cookie, /^folio_desk=/);
      assert.doesNotMatch(cookie, /Secure/);
      assert.match(cookie, /HttpOnly; SameSite=Strict/);
    });

    it("ends a session after its idle time and at its absolute end", async (t) => {
      const desk = await buildDesk(t, factory, { DESK_SESSION_IDLE_MS: "600000" });
      const now = Date.now();
      const session = (id: string, lastSeenAt: number, expiresAt: number) => ({
        ...{
          id,
          publicationId: "pub_1",
          userId: "usr_1",
          csrf: "c".repeat(43),
          method: "invite" as const,
        },
        ...{
          createdAt: now - 3_600_000,
          lastSeenAt,
          expiresAt,
          hash: hashSecret(id.padEnd(43, "x")),
        },
      });
      await desk.store.createDeskSession(session("idle", now - 700_000, now + 3_600_000));
      await desk.store.createDeskSession(session("ended", now - 1000, now - 1));
      await desk.store.createDeskSession(session("alive", now - 500_000, now + 3_600_000));
      const ask = (id: string) =>
        desk.app.inject({
          url: "/desk/api/session",
          headers: { cookie: `__Host-folio_desk=${id.padEnd(43, "x")}` },
        });
      assert.equal((await ask("idle")).statusCode, 401);
      assert.equal((await ask("ended")).statusCode, 401);
      assert.equal((await ask("alive")).statusCode, 200);
      // Using it moved its idle clock on.
      const alive = (await desk.store.listDeskSessions()).find((s) => s.id === "alive");
      assert.ok(alive!.lastSeenAt >= now);
    });

    it("holds a revocation made on another node at the next request", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const otherStore = openAgain(factory, desk.url);
      const config = loadConfig({ SITE_URL, LOG_LEVEL: "silent", MAX_EVENT_LOOP_DELAY_MS: "0" });
      const other = await buildApp({ config, store: otherStore, logger: false });
      t.after(async () => {
        await other.close();
        await otherStore.close();
      });
      const ask = (app: typeof other) =>
        app.inject({ url: "/desk/api/session", headers: { cookie: writer.cookie } });
      assert.equal(
        (await ask(other)).statusCode,
        200,
        "a session started on one node is honoured on another",
      );
      const [session] = await otherStore.listDeskSessions();
      assert.equal(await otherStore.revokeDeskSession(session!.id, Date.now()), true);
      assert.equal((await ask(desk.app)).statusCode, 401);
      assert.equal((await ask(other)).statusCode, 401);
    });

    it("signs out with the form's CSRF token and the cookie cleared", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const form = (csrf: string) =>
        desk.app.inject({
          method: "POST",
          url: "/desk/signout",
          headers: {
            cookie: writer.cookie,
            origin: ORIGIN,
            "content-type": "application/x-www-form-urlencoded",
          },
          payload: `_csrf=${csrf}`,
        });
      assert.equal((await form("wrong")).statusCode, 403);
      const out = await form(writer.csrf);
      assert.equal(out.statusCode, 200);
      assert.match(out.headers["set-cookie"] as string, /^__Host-folio_desk=; .*Max-Age=0/);
      assert.equal(
        (await writer.send({ method: "GET", url: "/desk/api/session" })).statusCode,
        401,
      );
    });

    it("refuses a state-changing request without the CSRF token or from another site", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const cases: [string, Record<string, string>][] = [
        ["no token", { "x-csrf-token": "" }],
        [
          "a wrong token",
          { "x-csrf-token": writer.csrf.replace(/^./, (c) => (c === "a" ? "b" : "a")) },
        ],
        ["another origin", { origin: "https://evil.example" }],
        ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
        ["a same-site but other-origin fetch", { "sec-fetch-site": "same-site" }],
      ];
      for (const [what, headers] of cases) {
        const res = await writer.send({
          method: "POST",
          url: "/desk/api/posts",
          body: NEW_POST,
          headers,
        });
        assert.equal(res.statusCode, 403, what);
        assert.equal(res.json().error, "forbidden");
      }
      const neither = await desk.app.inject({
        method: "POST",
        url: "/desk/api/posts",
        headers: {
          cookie: writer.cookie,
          "x-csrf-token": writer.csrf,
          "content-type": "application/json",
        },
        payload: JSON.stringify(NEW_POST),
      });
      assert.equal(neither.statusCode, 403, "neither Origin nor Sec-Fetch-Site");
      const list = await writer.send({ method: "GET", url: "/desk/api/posts?status=draft" });
      assert.equal(list.json().pagination.total, 1, "no refused request wrote anything");
    });

    it("acts for its publication as its API key would: create, list, If-Match, delete", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const created = await writer.send({ method: "POST", url: "/desk/api/posts", body: NEW_POST });
      assert.equal(created.statusCode, 201, created.body);
      const { id, status } = created.json();
      assert.equal(status, "draft");
      const etag = created.headers.etag as string;
      const invalid = await writer.send({
        method: "POST",
        url: "/desk/api/posts",
        body: { title: "x".repeat(201), markdown: "a" },
      });
      assert.equal(invalid.statusCode, 400);
      assert.match(invalid.json().msg, /^title: /);
      const stale = await writer.send({
        method: "PUT",
        url: `/desk/api/posts/${id}`,
        body: { title: "Renamed" },
        headers: { "if-match": '"not-it"' },
      });
      assert.equal(stale.statusCode, 412);
      const renamed = await writer.send({
        method: "PUT",
        url: `/desk/api/posts/${id}`,
        body: { title: "Renamed" },
        headers: { "if-match": etag },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      const drafts = await writer.send({ method: "GET", url: "/desk/api/posts?status=draft" });
      const titles = drafts.json().items.map((p: { title: string }) => p.title);
      assert.ok(titles.includes("Renamed") && !titles.includes("From the desk"), titles.join());
      // The same post through the publication's API key.
      const { secret } = await makeKey(desk.store, "pub_1");
      const viaKey = await desk.app.inject({
        url: "/v1/posts?status=draft",
        headers: { authorization: `Bearer ${secret}` },
      });
      assert.ok(
        viaKey
          .json()
          .items.some((p: { id: string; title: string }) => p.id === id && p.title === "Renamed"),
      );
      const gone = await writer.send({ method: "DELETE", url: `/desk/api/posts/${id}` });
      assert.equal(gone.statusCode, 200);
    });

    it("cannot touch another publication's posts", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      for (const [method, body] of [
        ["PUT", { title: "Taken" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await writer.send({ method, url: "/desk/api/posts/pst_unicode", body });
        assert.equal(res.statusCode, 404, method);
      }
      const other = await desk.store.findPostById("pst_unicode", { withContent: false });
      assert.equal(other?.title, "Ünïcode");
    });

    it("answers 401 on every desk API route without a session", async (t) => {
      const desk = await buildDesk(t, factory);
      for (const [method, url] of [
        ["GET", "/desk"],
        ["GET", "/desk/api/session"],
        ["GET", "/desk/api/posts"],
        ["POST", "/desk/api/posts"],
        ["PUT", "/desk/api/posts/pst_1"],
        ["DELETE", "/desk/api/posts/pst_1"],
        ["POST", "/desk/api/media"],
        ["POST", "/desk/api/passkeys/options"],
        ["POST", "/desk/api/passkeys"],
        ["POST", "/desk/signout"],
      ] as const) {
        const res = await desk.app.inject({
          method,
          url,
          headers: { cookie: "__Host-folio_desk=" + "a".repeat(43), origin: ORIGIN },
        });
        assert.equal(res.statusCode, 401, `${method} ${url}`);
      }
    });
  });
}
