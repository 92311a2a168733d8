// A software authenticator for the desk suites: an ES256 key, and the authenticator data and
// CBOR that WebAuthn Level 3 lays out, answering as a platform passkey would.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { ORIGIN } from "./helpers.js";

export const RP_ID = new URL(ORIGIN).hostname;
export const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** One credential on a software authenticator: what a platform passkey would answer. */
export class SoftAuthenticator {
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
