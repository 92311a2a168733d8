// The desk's rows on SQLite (the DeskStore role). Writes wait for any open write transaction of
// this connection (exclusive), so a statement never joins an import's transaction.
import type Database from "better-sqlite3";
import type { DeskStore, DeskChallengeRecord, DeskPrincipal } from "../desk.js";
import {
  PASSKEY_COLUMNS,
  SESSION_COLUMNS,
  passkeyValues,
  toPasskey,
  toSession,
  type PasskeyRow,
  type SessionRow,
} from "../desk-rows.js";
import { guarded, lazyStatements } from "./errors.js";
import type { Exclusive } from "./views.js";

const REDEEM = `UPDATE desk_invites SET used_at = ?
  WHERE hash = ? AND used_at IS NULL AND expires_at > ?
  RETURNING publication_id AS publicationId, user_id AS userId`;
const TAKE = `DELETE FROM desk_challenges WHERE challenge = ? AND purpose = ?
  RETURNING challenge, purpose, session_id, expires_at`;

interface ChallengeRow {
  challenge: string;
  purpose: DeskChallengeRecord["purpose"];
  session_id: string | null;
  expires_at: number;
}

export function sqliteDesk(db: Database.Database, exclusive: Exclusive): DeskStore {
  const sql = lazyStatements(db);
  const write = <T>(work: () => T) => exclusive(() => guarded(work));
  return {
    async createDeskInvite(i) {
      const text = `INSERT INTO desk_invites (hash, publication_id, user_id, created_at, expires_at)
        VALUES (?, ?, ?, ?, ?)`;
      await write(() => sql(text).run(i.hash, i.publicationId, i.userId, i.createdAt, i.expiresAt));
    },
    async redeemDeskInvite(hash, now) {
      return write(() => sql(REDEEM).get(now, hash, now) as DeskPrincipal | undefined);
    },
    async createDeskSession(s) {
      const text = `INSERT INTO desk_sessions (${SESSION_COLUMNS}, hash)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`;
      const values = [s.id, s.publicationId, s.userId, s.csrf, s.method, s.createdAt];
      await write(() => sql(text).run(...values, s.lastSeenAt, s.expiresAt, s.hash));
    },
    async findDeskSession(hash) {
      const text = `SELECT ${SESSION_COLUMNS} FROM desk_sessions
        WHERE hash = ? AND revoked_at IS NULL`;
      const row = guarded(() => sql(text).get(hash)) as SessionRow | undefined;
      return row && toSession(row);
    },
    async touchDeskSession(id, at) {
      const text = "UPDATE desk_sessions SET last_seen_at = max(last_seen_at, ?) WHERE id = ?";
      await write(() => sql(text).run(at, id));
    },
    async listDeskSessions() {
      const text = `SELECT ${SESSION_COLUMNS} FROM desk_sessions ORDER BY created_at, id`;
      return (guarded(() => sql(text).all()) as SessionRow[]).map(toSession);
    },
    async revokeDeskSession(id, at) {
      const text = "UPDATE desk_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL";
      return write(() => sql(text).run(at, id).changes === 1);
    },
    async saveDeskChallenge(c, now) {
      const text = `INSERT INTO desk_challenges (challenge, purpose, session_id, expires_at)
        VALUES (?, ?, ?, ?)`;
      await write(() => {
        // Abandoned ceremonies leave rows behind; each new one clears what has expired.
        sql("DELETE FROM desk_challenges WHERE expires_at <= ?").run(now);
        sql(text).run(c.challenge, c.purpose, c.sessionId ?? null, c.expiresAt);
      });
    },
    async takeDeskChallenge(challenge, purpose, now) {
      const row = await write(() => sql(TAKE).get(challenge, purpose) as ChallengeRow | undefined);
      if (row === undefined || row.expires_at <= now) return undefined;
      const record: DeskChallengeRecord = {
        challenge: row.challenge,
        purpose: row.purpose,
        expiresAt: row.expires_at,
      };
      if (row.session_id !== null) record.sessionId = row.session_id;
      return record;
    },
    async addPasskey(p) {
      const text = `INSERT INTO desk_passkeys (${PASSKEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`;
      await write(() => sql(text).run(...passkeyValues(p)));
    },
    async findPasskey(id) {
      const text = `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE id = ?`;
      const row = guarded(() => sql(text).get(id)) as PasskeyRow | undefined;
      return row && toPasskey(row);
    },
    async listPasskeys(userId) {
      const text = `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE user_id = ? ORDER BY created_at, id`;
      return (guarded(() => sql(text).all(userId)) as PasskeyRow[]).map(toPasskey);
    },
    async usePasskey(id, counter, at) {
      const text = "UPDATE desk_passkeys SET counter = ?, last_used_at = ? WHERE id = ?";
      await write(() => sql(text).run(counter, at, id));
    },
  };
}
