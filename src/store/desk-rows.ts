// Desk and media rows → records, one way for both backends (PostgreSQL hands BIGINT as text),
// and the desk's statements, written once over a backend's numbered placeholder ($n or ?n).
import type {
  DeskChallengeRecord,
  DeskSessionRecord,
  NewDeskSession,
  PasskeyRecord,
} from "./desk.js";
import type { MediaFormat, MediaRecord, MediaVariant } from "./media.js";
import { limitBy } from "./limit.js";

type Int = number | string | bigint;

const SESSION_COLUMNS =
  "id, publication_id, user_id, csrf, method, created_at, last_seen_at, expires_at, revoked_at";

export interface SessionRow {
  id: string;
  publication_id: string;
  user_id: string;
  csrf: string;
  method: string;
  created_at: Int;
  last_seen_at: Int;
  expires_at: Int;
  revoked_at: Int | null;
}

export function toSession(row: SessionRow): DeskSessionRecord {
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

const PASSKEY_COLUMNS =
  "id, publication_id, user_id, public_key, counter, transports, created_at, last_used_at";

export interface PasskeyRow {
  id: string;
  publication_id: string;
  user_id: string;
  public_key: Uint8Array;
  counter: Int;
  transports: string;
  created_at: Int;
  last_used_at: Int | null;
}

export function toPasskey(row: PasskeyRow): PasskeyRecord {
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

export function passkeyValues(p: PasskeyRecord) {
  const key = Buffer.from(p.publicKey);
  return [p.id, p.publicationId, p.userId, key, p.counter, p.transports.join(","), p.createdAt];
}

/** The desk's statements with the backend's nth placeholder (1-based). */
export function deskStatements(p: (n: number) => string) {
  const values = (count: number) => Array.from({ length: count }, (_, i) => p(i + 1)).join(", ");
  return {
    createInvite: `INSERT INTO desk_invites (hash, publication_id, user_id, created_at, expires_at)
      VALUES (${values(5)})`,
    redeemInvite: `UPDATE desk_invites SET used_at = ${p(1)}
      WHERE hash = ${p(2)} AND used_at IS NULL AND expires_at > ${p(1)}
      RETURNING publication_id AS "publicationId", user_id AS "userId"`,
    createSession: `INSERT INTO desk_sessions (${SESSION_COLUMNS}, hash)
      VALUES (${values(8)}, NULL, ${p(9)})`,
    findSession: `SELECT ${SESSION_COLUMNS} FROM desk_sessions
      WHERE hash = ${p(1)} AND revoked_at IS NULL`,
    touchSession: `UPDATE desk_sessions SET last_seen_at = ${p(1)}
      WHERE id = ${p(2)} AND last_seen_at < ${p(1)}`,
    listSessions: `SELECT ${SESSION_COLUMNS} FROM desk_sessions ORDER BY created_at, id`,
    revokeSession: `UPDATE desk_sessions SET revoked_at = ${p(1)}
      WHERE id = ${p(2)} AND revoked_at IS NULL`,
    clearChallenges: `DELETE FROM desk_challenges WHERE expires_at <= ${p(1)}`,
    saveChallenge: `INSERT INTO desk_challenges (challenge, purpose, session_id, expires_at)
      VALUES (${values(4)})`,
    // Taken once: a second answer to the same challenge finds no row.
    takeChallenge: `DELETE FROM desk_challenges WHERE challenge = ${p(1)} AND purpose = ${p(2)}
      RETURNING challenge, purpose, session_id, expires_at`,
    addPasskey: `INSERT INTO desk_passkeys (${PASSKEY_COLUMNS}) VALUES (${values(7)}, NULL)`,
    findPasskey: `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE id = ${p(1)}`,
    listPasskeys: `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE user_id = ${p(1)}
      ORDER BY created_at, id`,
    usePasskey: `UPDATE desk_passkeys SET counter = ${p(1)}, last_used_at = ${p(2)}
      WHERE id = ${p(3)}`,
  };
}

/** A new session's values for `createSession`: its columns, then its hash. */
export function sessionValues(s: NewDeskSession): unknown[] {
  return [
    ...[s.id, s.publicationId, s.userId, s.csrf, s.method],
    ...[s.createdAt, s.lastSeenAt, s.expiresAt, s.hash],
  ];
}

export interface ChallengeRow {
  challenge: string;
  purpose: DeskChallengeRecord["purpose"];
  session_id: string | null;
  expires_at: Int;
}

/** The challenge a taken row held, unless it expired by `now`. */
export function toChallenge(row: ChallengeRow | undefined, now: number) {
  if (row === undefined || Number(row.expires_at) <= now) return undefined;
  const record: DeskChallengeRecord = {
    challenge: row.challenge,
    purpose: row.purpose,
    expiresAt: Number(row.expires_at),
  };
  if (row.session_id !== null) record.sessionId = row.session_id;
  return record;
}

/**
 * The images' statements with the backend's nth placeholder and its aggregate of a media row's
 * widths into one text, joined by commas.
 */
export function mediaStatements(p: (n: number) => string, widths: string) {
  const select = `SELECT m.id, m.publication_id, m.format, m.width, m.height, m.created_at,
    (SELECT ${widths} FROM media_variants v WHERE v.media_id = m.id) AS widths FROM media m`;
  return {
    insertMedia: `INSERT INTO media (id, publication_id, format, width, height, created_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})`,
    insertVariant: `INSERT INTO media_variants (media_id, width, height, etag, bytes)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})`,
    findVariant: `SELECT v.width, v.height, v.etag, v.bytes, m.format
      FROM media_variants v JOIN media m ON m.id = v.media_id
      WHERE v.media_id = ${p(1)} AND v.width = ${p(2)}`,
    findMedia: `${select} WHERE m.id = ${p(1)}`,
    listMedia: `${select} WHERE m.publication_id = ${p(1)}
      ORDER BY m.created_at DESC, m.id ${limitBy(p(2))}`,
  };
}

export function mediaValues(m: MediaRecord): unknown[] {
  return [m.id, m.publicationId, m.format, m.width, m.height, m.createdAt];
}

export function variantValues(mediaId: string, v: MediaVariant): unknown[] {
  return [mediaId, v.width, v.height, v.etag, Buffer.from(v.bytes)];
}

export interface MediaRow {
  id: string;
  publication_id: string;
  format: string;
  width: Int;
  height: Int;
  created_at: Int;
  widths: string | null;
}

export function toMedia(row: MediaRow): MediaRecord {
  return {
    id: row.id,
    publicationId: row.publication_id,
    format: row.format as MediaFormat,
    width: Number(row.width),
    height: Number(row.height),
    createdAt: Number(row.created_at),
    widths: (row.widths ?? "")
      .split(",")
      .filter((w) => w !== "")
      .map(Number)
      .sort((a, b) => a - b),
  };
}
