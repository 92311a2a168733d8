// The writer's desk as the store keeps it: one-time invites and sessions (by the hash of their
// secret, never the secret), passkeys, and the WebAuthn challenges in flight. Rows live in the
// store, not in a process, so every node honours a sign-in and a revocation at once.

interface DeskInviteRecord {
  /** SHA-256 of the token, hex. */
  hash: string;
  publicationId: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

/** Who an invite or a passkey signs in. */
export interface DeskPrincipal {
  publicationId: string;
  userId: string;
}

export type DeskSignInMethod = "invite" | "passkey";

export interface DeskSessionRecord extends DeskPrincipal {
  id: string;
  /** The token every state-changing request must repeat (header or form field). */
  csrf: string;
  method: DeskSignInMethod;
  createdAt: number;
  lastSeenAt: number;
  /** The absolute end, whatever the activity. */
  expiresAt: number;
  revokedAt?: number;
}

export interface NewDeskSession extends DeskSessionRecord {
  /** SHA-256 of the cookie's secret, hex. */
  hash: string;
}

export interface DeskChallengeRecord {
  challenge: string;
  purpose: "register" | "signin";
  /** The session a registration belongs to. */
  sessionId?: string;
  expiresAt: number;
}

export interface PasskeyRecord extends DeskPrincipal {
  /** The credential id, base64url. */
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt?: number;
}

export interface DeskStore {
  createDeskInvite(invite: DeskInviteRecord): Promise<void>;
  /** Marks the invite used and says whom it signs in; undefined when used, expired or unknown. */
  redeemDeskInvite(hash: string, now: number): Promise<DeskPrincipal | undefined>;
  createDeskSession(session: NewDeskSession): Promise<void>;
  /** The unrevoked session with this hash (expiry is the caller's to judge). */
  findDeskSession(hash: string): Promise<DeskSessionRecord | undefined>;
  touchDeskSession(id: string, at: number): Promise<void>;
  listDeskSessions(): Promise<DeskSessionRecord[]>;
  /** False when no such session is live. */
  revokeDeskSession(id: string, at: number): Promise<boolean>;
  /** Stores a new challenge, clearing those expired by `now`. */
  saveDeskChallenge(challenge: DeskChallengeRecord, now: number): Promise<void>;
  /** Removes and returns the unexpired challenge, so it is answered once. */
  takeDeskChallenge(
    challenge: string,
    purpose: DeskChallengeRecord["purpose"],
    now: number,
  ): Promise<DeskChallengeRecord | undefined>;
  addPasskey(passkey: PasskeyRecord): Promise<void>;
  findPasskey(id: string): Promise<PasskeyRecord | undefined>;
  listPasskeys(userId: string): Promise<PasskeyRecord[]>;
  /** Records a sign-in with the passkey and its authenticator's new signature counter. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;
}
