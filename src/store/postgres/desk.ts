// The desk's rows on PostgreSQL (the DeskStore role), all on the primary: a sign-out or a
// revocation must hold at once on every node, not after a replica catches up.
import type { DeskChallengeRecord, DeskPrincipal, DeskStore } from "../desk.js";
import {
  PASSKEY_COLUMNS,
  SESSION_COLUMNS,
  passkeyValues,
  toPasskey,
  toSession,
  type PasskeyRow,
  type SessionRow,
} from "../desk-rows.js";
import type { OnPrimary } from "./authoring-reads.js";

const REDEEM = `UPDATE desk_invites SET used_at = $1
  WHERE hash = $2 AND used_at IS NULL AND expires_at > $1
  RETURNING publication_id AS "publicationId", user_id AS "userId"`;
const TAKE = `DELETE FROM desk_challenges WHERE challenge = $1 AND purpose = $2
  RETURNING challenge, purpose, session_id, expires_at`;

interface ChallengeRow {
  challenge: string;
  purpose: DeskChallengeRecord["purpose"];
  session_id: string | null;
  expires_at: string;
}

export function postgresDesk(onPrimary: OnPrimary): DeskStore {
  const rows = async <R extends object>(text: string, values: unknown[]) =>
    (await onPrimary((c) => c.query<R>(text, values))).rows;
  return {
    async createDeskInvite(i) {
      const text = `INSERT INTO desk_invites (hash, publication_id, user_id, created_at, expires_at)
        VALUES ($1, $2, $3, $4, $5)`;
      await rows(text, [i.hash, i.publicationId, i.userId, i.createdAt, i.expiresAt]);
    },
    async redeemDeskInvite(hash, now) {
      return (await rows<DeskPrincipal>(REDEEM, [now, hash]))[0];
    },
    async createDeskSession(s) {
      const text = `INSERT INTO desk_sessions (${SESSION_COLUMNS}, hash)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9)`;
      const values = [s.id, s.publicationId, s.userId, s.csrf, s.method, s.createdAt];
      await rows(text, [...values, s.lastSeenAt, s.expiresAt, s.hash]);
    },
    async findDeskSession(hash) {
      const text = `SELECT ${SESSION_COLUMNS} FROM desk_sessions
        WHERE hash = $1 AND revoked_at IS NULL`;
      const row = (await rows<SessionRow>(text, [hash]))[0];
      return row && toSession(row);
    },
    async touchDeskSession(id, at) {
      const text = `UPDATE desk_sessions SET last_seen_at = $1
        WHERE id = $2 AND last_seen_at < $1`;
      await rows(text, [at, id]);
    },
    async listDeskSessions() {
      const text = `SELECT ${SESSION_COLUMNS} FROM desk_sessions ORDER BY created_at, id`;
      return (await rows<SessionRow>(text, [])).map(toSession);
    },
    async revokeDeskSession(id, at) {
      const text = `UPDATE desk_sessions SET revoked_at = $1
        WHERE id = $2 AND revoked_at IS NULL RETURNING id`;
      return (await rows(text, [at, id])).length === 1;
    },
    async saveDeskChallenge(c, now) {
      await onPrimary(async (client) => {
        // Abandoned ceremonies leave rows behind; each new one clears what has expired.
        await client.query("DELETE FROM desk_challenges WHERE expires_at <= $1", [now]);
        await client.query(
          `INSERT INTO desk_challenges (challenge, purpose, session_id, expires_at)
           VALUES ($1, $2, $3, $4)`,
          [c.challenge, c.purpose, c.sessionId ?? null, c.expiresAt],
        );
      });
    },
    async takeDeskChallenge(challenge, purpose, now) {
      const row = (await rows<ChallengeRow>(TAKE, [challenge, purpose]))[0];
      if (row === undefined || Number(row.expires_at) <= now) return undefined;
      const record: DeskChallengeRecord = {
        challenge: row.challenge,
        purpose: row.purpose,
        expiresAt: Number(row.expires_at),
      };
      if (row.session_id !== null) record.sessionId = row.session_id;
      return record;
    },
    async addPasskey(p) {
      const text = `INSERT INTO desk_passkeys (${PASSKEY_COLUMNS})
        VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)`;
      await rows(text, passkeyValues(p));
    },
    async findPasskey(id) {
      const text = `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE id = $1`;
      const row = (await rows<PasskeyRow>(text, [id]))[0];
      return row && toPasskey(row);
    },
    async listPasskeys(userId) {
      const text = `SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE user_id = $1
        ORDER BY created_at, id`;
      return (await rows<PasskeyRow>(text, [userId])).map(toPasskey);
    },
    async usePasskey(id, counter, at) {
      const text = "UPDATE desk_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3";
      await rows(text, [counter, at, id]);
    },
  };
}
