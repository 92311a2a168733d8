// Passkeys on every store, against a software authenticator built here (an ES256 key, the
// authenticator data and CBOR that WebAuthn Level 3 lays out) and verified by
// @simplewebauthn/server: register after an invite sign-in, sign in with it alone, and every
// tampered, replayed or foreign ceremony refused.
import { strict as assert } from "node:assert";
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { describe, it } from "node:test";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { storeFactories } from "../helpers/stores.js";
import { ORIGIN, browser, buildDesk, cookieOf } from "./helpers.js";
import type { Desk } from "./helpers.js";

const RP_ID = new URL(ORIGIN).hostname;
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** One credential on a software authenticator: what a platform passkey would answer. */
class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Uint8Array;
  private count = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    this.cose = isoCBOR.encode(cose as never);
  }

  private authData(attested: boolean, rpId = RP_ID) {
    this.count += 1;
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, verified, attested data
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.count);
    const parts = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.id.length);
      parts.push(Buffer.alloc(16), length, this.id, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  create(challenge: string, origin = ORIGIN) {
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge,
      origin,
      crossOrigin: false,
    });
    const attestation = new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", this.authData(true)],
    ]);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64(Buffer.from(clientData)),
        attestationObject: b64(isoCBOR.encode(attestation as never)),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  get(challenge: string, origin = ORIGIN, rpId = RP_ID) {
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }),
    );
    const authData = this.authData(false, rpId);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.key);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
      },
      clientExtensionResults: {},
    };
  }
}

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
