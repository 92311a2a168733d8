// The writer's desk as the store keeps it: one-time invites and sessions (by the hash of their
// secret, never the secret), passkeys, and the WebAuthn challenges in flight. Rows live in the
// store, not in a process, so every node honours a sign-in and a revocation at once: the role is
// written once over a backend's executor, on PostgreSQL on the primary (no replica lag may
// hide a sign-out), on SQLite with its writes in their turn among the store's writers.
import { statement, type Executor, type Row } from "./statement.js";

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

const SESSION_COLUMNS = [
  "id",
  "publication_id",
  "user_id",
  "csrf",
  "method",
  "created_at",
  "last_seen_at",
  "expires_at",
  "revoked_at",
] as const;

type SessionRow = Row<"desk_sessions", (typeof SESSION_COLUMNS)[number]>;

function toSession(row: SessionRow): DeskSessionRecord {
  const session: DeskSessionRecord = {
    id: row.id,
    publicationId: row.publication_id,
    userId: row.user_id,
    csrf: row.csrf,
    method: row.method === "passkey" ? "passkey" : "invite",
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
  };
  if (row.revoked_at !== null) session.revokedAt = Number(row.revoked_at);
  return session;
}

const PASSKEY_COLUMNS = [
  "id",
  "publication_id",
  "user_id",
  "public_key",
  "counter",
  "transports",
  "created_at",
  "last_used_at",
] as const;

type PasskeyRow = Row<"desk_passkeys", (typeof PASSKEY_COLUMNS)[number]>;

function toPasskey(row: PasskeyRow): PasskeyRecord {
  const passkey: PasskeyRecord = {
    id: row.id,
    publicationId: row.publication_id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports === "" ? [] : row.transports.split(","),
    createdAt: Number(row.created_at),
  };
  if (row.last_used_at !== null) passkey.lastUsedAt = Number(row.last_used_at);
  return passkey;
}

type ChallengeRow = Row<"desk_challenges", "challenge" | "purpose" | "session_id" | "expires_at">;

/** The challenge a taken row held, unless it expired by `now`. */
function toChallenge(row: ChallengeRow | undefined, now: number) {
  if (row === undefined || Number(row.expires_at) <= now) return undefined;
  const record: DeskChallengeRecord = {
    challenge: row.challenge,
    purpose: row.purpose,
    expiresAt: Number(row.expires_at),
  };
  if (row.session_id !== null) record.sessionId = row.session_id;
  return record;
}

const CREATE_INVITE = statement((db, i: DeskInviteRecord) =>
  db.insertInto("desk_invites").values({
    hash: i.hash,
    publication_id: i.publicationId,
    user_id: i.userId,
    created_at: i.createdAt,
    expires_at: i.expiresAt,
  }),
);

const REDEEM_INVITE = statement((db, a: { hash: string; now: number }) =>
  db
    .updateTable("desk_invites")
    .set({ used_at: a.now })
    .where("hash", "=", a.hash)
    .where("used_at", "is", null)
    .where("expires_at", ">", a.now)
    .returning(["publication_id as publicationId", "user_id as userId"]),
);

const CREATE_SESSION = statement((db, s: NewDeskSession) =>
  db.insertInto("desk_sessions").values({
    id: s.id,
    publication_id: s.publicationId,
    user_id: s.userId,
    csrf: s.csrf,
    method: s.method,
    created_at: s.createdAt,
    last_seen_at: s.lastSeenAt,
    expires_at: s.expiresAt,
    revoked_at: null,
    hash: s.hash,
  }),
);

// Every desk request asks it: named, so each connection parses it once.
const FIND_SESSION = statement(
  (db, a: { hash: string }) =>
    db
      .selectFrom("desk_sessions")
      .select(SESSION_COLUMNS)
      .where("hash", "=", a.hash)
      .where("revoked_at", "is", null),
  "folio_v4_find_desk_session",
);

const TOUCH_SESSION = statement((db, a: { id: string; at: number }) =>
  db
    .updateTable("desk_sessions")
    .set({ last_seen_at: a.at })
    .where("id", "=", a.id)
    .where("last_seen_at", "<", a.at),
);

const LIST_SESSIONS = statement((db) =>
  db.selectFrom("desk_sessions").select(SESSION_COLUMNS).orderBy("created_at").orderBy("id"),
);

const REVOKE_SESSION = statement((db, a: { id: string; at: number }) =>
  db
    .updateTable("desk_sessions")
    .set({ revoked_at: a.at })
    .where("id", "=", a.id)
    .where("revoked_at", "is", null),
);

const CLEAR_CHALLENGES = statement((db, a: { now: number }) =>
  db.deleteFrom("desk_challenges").where("expires_at", "<=", a.now),
);

const SAVE_CHALLENGE = statement((db, c: DeskChallengeRecord & { sessionId: string | null }) =>
  db.insertInto("desk_challenges").values({
    challenge: c.challenge,
    purpose: c.purpose,
    session_id: c.sessionId,
    expires_at: c.expiresAt,
  }),
);

// Taken once: a second answer to the same challenge finds no row.
const TAKE_CHALLENGE = statement(
  (db, a: { challenge: string; purpose: DeskChallengeRecord["purpose"] }) =>
    db
      .deleteFrom("desk_challenges")
      .where("challenge", "=", a.challenge)
      .where("purpose", "=", a.purpose)
      .returning(["challenge", "purpose", "session_id", "expires_at"]),
);

const ADD_PASSKEY = statement((db, p: PasskeyRecord & { key: Buffer; list: string }) =>
  db.insertInto("desk_passkeys").values({
    id: p.id,
    publication_id: p.publicationId,
    user_id: p.userId,
    public_key: p.key,
    counter: p.counter,
    transports: p.list,
    created_at: p.createdAt,
    last_used_at: null,
  }),
);

const FIND_PASSKEY = statement((db, a: { id: string }) =>
  db.selectFrom("desk_passkeys").select(PASSKEY_COLUMNS).where("id", "=", a.id),
);

const LIST_PASSKEYS = statement((db, a: { userId: string }) =>
  db
    .selectFrom("desk_passkeys")
    .select(PASSKEY_COLUMNS)
    .where("user_id", "=", a.userId)
    .orderBy("created_at")
    .orderBy("id"),
);

const USE_PASSKEY = statement((db, a: { id: string; counter: number; at: number }) =>
  db
    .updateTable("desk_passkeys")
    .set({ counter: a.counter, last_used_at: a.at })
    .where("id", "=", a.id),
);

export function deskStore(sql: Executor): DeskStore {
  return {
    async createDeskInvite(i) {
      await sql.changes(CREATE_INVITE, i);
    },
    async redeemDeskInvite(hash, now) {
      const [principal] = await sql.rows(REDEEM_INVITE, { hash, now });
      return principal;
    },
    async createDeskSession(s) {
      await sql.changes(CREATE_SESSION, s);
    },
    async findDeskSession(hash) {
      const [row] = await sql.rows(FIND_SESSION, { hash });
      return row && toSession(row);
    },
    async touchDeskSession(id, at) {
      await sql.changes(TOUCH_SESSION, { id, at });
    },
    async listDeskSessions() {
      return (await sql.rows(LIST_SESSIONS, {})).map(toSession);
    },
    async revokeDeskSession(id, at) {
      return (await sql.changes(REVOKE_SESSION, { id, at })) === 1;
    },
    async saveDeskChallenge(c, now) {
      // Abandoned ceremonies leave rows behind; each new one clears what has expired.
      await sql.changes(CLEAR_CHALLENGES, { now });
      await sql.changes(SAVE_CHALLENGE, { ...c, sessionId: c.sessionId ?? null });
    },
    async takeDeskChallenge(challenge, purpose, now) {
      const [row] = await sql.rows(TAKE_CHALLENGE, { challenge, purpose });
      return toChallenge(row, now);
    },
    async addPasskey(p) {
      await sql.changes(ADD_PASSKEY, {
        ...p,
        key: Buffer.from(p.publicKey),
        list: p.transports.join(","),
      });
    },
    async findPasskey(id) {
      const [row] = await sql.rows(FIND_PASSKEY, { id });
      return row && toPasskey(row);
    },
    async listPasskeys(userId) {
      return (await sql.rows(LIST_PASSKEYS, { userId })).map(toPasskey);
    },
    async usePasskey(id, counter, at) {
      await sql.changes(USE_PASSKEY, { id, counter, at });
    },
  };
}
