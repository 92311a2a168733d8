// Passkeys (WebAuthn, verified by @simplewebauthn/server): a signed-in writer registers one,
// then signs in with it alone. Challenges live in the store, so the ceremony may begin on one
// node and end on another; each is answered once and expires after CHALLENGE_TTL_MS.
import type * as WebAuthn from "@simplewebauthn/server";
import { ApiError } from "../errors.js";
import type { DeskSessionRecord, DeskStore, PublicationReader } from "../store/post-store.js";

export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The WebAuthn library, loaded by the first ceremony: its certificate parsers are a third of a
 * second to load, which every process would pay at start though few writers use a passkey.
 */
let webauthn: Promise<typeof WebAuthn> | undefined;
const library = () => (webauthn ??= import("@simplewebauthn/server"));

export interface RelyingParty {
  /** The site's host name: passkeys are bound to it. */
  id: string;
  /** The site's origin, as browsers report it in clientDataJSON. */
  origin: string;
  name: string;
}

export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: "Folio desk" };
}

type Store = DeskStore & Pick<PublicationReader, "findUser">;

export class Passkeys {
  constructor(
    private readonly store: Store,
    private readonly rp: RelyingParty,
    private readonly clock: () => number = Date.now,
  ) {}

  async registrationOptions(session: DeskSessionRecord) {
    const { generateRegistrationOptions } = await library();
    const user = await this.store.findUser({ id: session.userId });
    const existing = await this.store.listPasskeys(session.userId);
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: session.userId,
      userID: new TextEncoder().encode(session.userId),
      userDisplayName: user?.name ?? session.userId,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: CHALLENGE_TTL_MS,
    });
    await this.remember(options.challenge, "register", session.id);
    return options;
  }

  async register(session: DeskSessionRecord, response: WebAuthn.RegistrationResponseJSON) {
    const { verifyRegistrationResponse } = await library();
    const challenge = await this.challengeOf(response, "register");
    if (challenge?.sessionId !== session.id) throw refused("registration");
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!result.verified) throw refused("registration");
    const { credential } = result.registrationInfo;
    if (await this.store.findPasskey(credential.id)) {
      throw new ApiError("conflict", "This passkey is registered already");
    }
    const passkey = {
      id: credential.id,
      publicationId: session.publicationId,
      userId: session.userId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.clock(),
    };
    await this.store.addPasskey(passkey);
    return passkey;
  }

  async authenticationOptions() {
    const { generateAuthenticationOptions } = await library();
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: "preferred",
      timeout: CHALLENGE_TTL_MS,
    });
    await this.remember(options.challenge, "signin");
    return options;
  }

  /** The passkey's writer, once its signature over a challenge of ours checks out. */
  async authenticate(response: WebAuthn.AuthenticationResponseJSON) {
    const { verifyAuthenticationResponse } = await library();
    const challenge = await this.challengeOf(response, "signin");
    const passkey = typeof response.id === "string" && (await this.store.findPasskey(response.id));
    if (challenge === undefined || !passkey) throw refused("sign-in");
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!result.verified) throw refused("sign-in");
    await this.store.usePasskey(passkey.id, result.authenticationInfo.newCounter, this.clock());
    return { publicationId: passkey.publicationId, userId: passkey.userId };
  }

  private async remember(challenge: string, purpose: "register" | "signin", sessionId?: string) {
    const now = this.clock();
    const record = { challenge, purpose, expiresAt: now + CHALLENGE_TTL_MS };
    await this.store.saveDeskChallenge(
      sessionId === undefined ? record : { ...record, sessionId },
      now,
    );
  }

  /** The challenge the browser signed, taken from the store (so it serves once). */
  private async challengeOf(
    response: { response?: { clientDataJSON?: unknown } },
    purpose: "register" | "signin",
  ) {
    const data = response?.response?.clientDataJSON;
    if (typeof data !== "string")
      throw refused(purpose === "register" ? "registration" : "sign-in");
    let challenge: unknown;
    try {
      challenge = JSON.parse(Buffer.from(data, "base64url").toString("utf8")).challenge;
    } catch {
      challenge = undefined;
    }
    if (typeof challenge !== "string") return undefined;
    return this.store.takeDeskChallenge(challenge, purpose, this.clock());
  }
}

function refused(what: string) {
  return new ApiError("forbidden", `The passkey ${what} could not be verified; start again`);
}
