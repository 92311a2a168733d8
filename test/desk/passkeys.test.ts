// Passkeys on every store, against a software authenticator (soft-authenticator.ts) and
// verified by @simplewebauthn/server: register after an invite sign-in, sign in with it alone,
// and every tampered, replayed or foreign ceremony refused.
import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { storeFactories } from "../helpers/stores.js";
import { ORIGIN, browser, buildDesk, cookieOf } from "./helpers.js";
import type { Desk } from "./helpers.js";
import { RP_ID, SoftAuthenticator, b64 } from "./soft-authenticator.js";

const SAME_ORIGIN = {
  origin: ORIGIN,
  "sec-fetch-site": "same-origin",
  "content-type": "application/json",
};

async function startSignIn(desk: Desk): Promise<string> {
  const res = await desk.app.inject({
    method: "POST",
    url: "/desk/passkey/options",
    headers: SAME_ORIGIN,
    payload: "{}",
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().challenge;
}

function finishSignIn(desk: Desk, response: unknown) {
  return desk.app.inject({
    method: "POST",
    url: "/desk/passkey/signin",
    headers: SAME_ORIGIN,
    payload: JSON.stringify(response),
  });
}

async function registered(desk: Desk) {
  const writer = await desk.signIn();
  const authenticator = new SoftAuthenticator();
  const options = await writer.send({
    method: "POST",
    url: "/desk/api/passkeys/options",
    body: {},
  });
  assert.equal(options.statusCode, 200, options.body);
  assert.equal(options.json().rp.id, RP_ID);
  const res = await writer.send({
    method: "POST",
    url: "/desk/api/passkeys",
    body: authenticator.create(options.json().challenge),
  });
  assert.equal(res.statusCode, 201, res.body);
  return { writer, authenticator };
}

for (const factory of await storeFactories()) {
  describe(`desk passkeys (${factory.name})`, () => {
    it("registers a passkey in a session, then signs in with it alone", async (t) => {
      const desk = await buildDesk(t, factory);
      const { authenticator } = await registered(desk);
      const [stored] = await desk.store.listPasskeys("usr_1");
      assert.equal(stored?.id, b64(authenticator.id));
      assert.equal(stored?.publicationId, "pub_1");
      const res = await finishSignIn(desk, authenticator.get(await startSignIn(desk)));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().method, "passkey");
      assert.equal(res.json().userId, "usr_1");
      assert.match(
        res.headers["set-cookie"] as string,
        /^__Host-folio_desk=.*HttpOnly; SameSite=Strict; Secure/,
      );
      const writer = await browser(desk, cookieOf(res));
      const post = await writer.send({
        method: "POST",
        url: "/desk/api/posts",
        body: { title: "By passkey", markdown: "x", status: "draft" },
      });
      assert.equal(post.statusCode, 201);
      assert.equal((await desk.store.findPasskey(stored!.id))?.counter, 2);
    });

    it("answers each challenge once, and only from this site", async (t) => {
      const desk = await buildDesk(t, factory);
      const { authenticator } = await registered(desk);
      const challenge = await startSignIn(desk);
      const elsewhere = await finishSignIn(
        desk,
        authenticator.get(challenge, "https://evil.example"),
      );
      assert.equal(elsewhere.statusCode, 403);
      // The refused answer spent the challenge: the same one, now right, is refused too.
      assert.equal((await finishSignIn(desk, authenticator.get(challenge))).statusCode, 403);
      const other = await startSignIn(desk);
      const wrongRp = await finishSignIn(desk, authenticator.get(other, ORIGIN, "evil.example"));
      assert.equal(wrongRp.statusCode, 403);
      const invented = await finishSignIn(desk, authenticator.get(b64(randomBytes(32))));
      assert.equal(invented.statusCode, 403);
      const stranger = new SoftAuthenticator();
      assert.equal(
        (await finishSignIn(desk, stranger.get(await startSignIn(desk)))).statusCode,
        403,
      );
      const good = await finishSignIn(desk, authenticator.get(await startSignIn(desk)));
      assert.equal(good.statusCode, 200);
      const crossSite = await desk.app.inject({
        method: "POST",
        url: "/desk/passkey/signin",
        headers: { ...SAME_ORIGIN, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        payload: JSON.stringify(authenticator.get(await startSignIn(desk))),
      });
      assert.equal(crossSite.statusCode, 403);
      assert.equal(
        (await desk.store.listDeskSessions()).filter((s) => s.method === "passkey").length,
        1,
      );
    });

    it("refuses a signature made with another key for a registered credential", async (t) => {
      const desk = await buildDesk(t, factory);
      const { authenticator } = await registered(desk);
      const impostor = new SoftAuthenticator();
      Object.defineProperty(impostor, "id", { value: authenticator.id });
      const res = await finishSignIn(desk, impostor.get(await startSignIn(desk)));
      assert.equal(res.statusCode, 403);
    });

    it("registers only against a challenge of this session", async (t) => {
      const desk = await buildDesk(t, factory);
      const first = await desk.signIn();
      const second = await desk.signIn();
      const options = await first.send({
        method: "POST",
        url: "/desk/api/passkeys/options",
        body: {},
      });
      const response = new SoftAuthenticator().create(options.json().challenge);
      const res = await second.send({ method: "POST", url: "/desk/api/passkeys", body: response });
      assert.equal(res.statusCode, 403);
      const foreign = await first.send({
        method: "POST",
        url: "/desk/api/passkeys",
        body: new SoftAuthenticator().create(
          (await first.send({ method: "POST", url: "/desk/api/passkeys/options", body: {} })).json()
            .challenge,
          "https://evil.example",
        ),
      });
      assert.equal(foreign.statusCode, 403);
      assert.deepEqual(await desk.store.listPasskeys("usr_1"), []);
    });
  });
}
