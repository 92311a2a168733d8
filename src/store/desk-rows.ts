// Desk and media rows → records, one way for both backends (PostgreSQL hands BIGINT as text).
import type { DeskSessionRecord, PasskeyRecord } from "./desk.js";
import type { MediaFormat, MediaRecord } from "./media.js";

type Int = number | string | bigint;

export const SESSION_COLUMNS =
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

export const PASSKEY_COLUMNS =
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

/** A media row with its widths joined by commas, in the backend's own aggregate. */
export function mediaSelect(aggregate: string): string {
  return `SELECT m.id, m.publication_id, m.format, m.width, m.height, m.created_at,
  (SELECT ${aggregate} FROM media_variants v WHERE v.media_id = m.id) AS widths FROM media m`;
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
