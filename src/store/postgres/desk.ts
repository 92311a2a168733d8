// The desk's rows on PostgreSQL (the DeskStore role), all on the primary: a sign-out or a
// revocation must hold at once on every node, not after a replica catches up.
import type { DeskPrincipal, DeskStore } from "../desk.js";
import {
  deskStatements,
  passkeyValues,
  sessionValues,
  toChallenge,
  toPasskey,
  toSession,
  type ChallengeRow,
  type PasskeyRow,
  type SessionRow,
} from "../desk-rows.js";
import type { OnPrimary } from "./authoring-reads.js";

const SQL = deskStatements((n) => `$${n}`);

export function postgresDesk(onPrimary: OnPrimary): DeskStore {
  const query = <R extends object>(text: string, values: unknown[]) =>
    onPrimary((c) => c.query<R>(text, values));
  const rows = async <R extends object>(text: string, values: unknown[]) =>
    (await query<R>(text, values)).rows;
  return {
    async createDeskInvite(i) {
      await query(SQL.createInvite, [i.hash, i.publicationId, i.userId, i.createdAt, i.expiresAt]);
    },
    async redeemDeskInvite(hash, now) {
      return (await rows<DeskPrincipal>(SQL.redeemInvite, [now, hash]))[0];
    },
    async createDeskSession(s) {
      await query(SQL.createSession, sessionValues(s));
    },
    async findDeskSession(hash) {
      const row = (await rows<SessionRow>(SQL.findSession, [hash]))[0];
      return row && toSession(row);
    },
    async touchDeskSession(id, at) {
      await query(SQL.touchSession, [at, id]);
    },
    async listDeskSessions() {
      return (await rows<SessionRow>(SQL.listSessions, [])).map(toSession);
    },
    async revokeDeskSession(id, at) {
      return (await query(SQL.revokeSession, [at, id])).rowCount === 1;
    },
    async saveDeskChallenge(c, now) {
      await onPrimary(async (client) => {
        // Abandoned ceremonies leave rows behind; each new one clears what has expired.
        await client.query(SQL.clearChallenges, [now]);
        await client.query(SQL.saveChallenge, [
          ...[c.challenge, c.purpose, c.sessionId ?? null, c.expiresAt],
        ]);
      });
    },
    async takeDeskChallenge(challenge, purpose, now) {
      return toChallenge(
        (await rows<ChallengeRow>(SQL.takeChallenge, [challenge, purpose]))[0],
        now,
      );
    },
    async addPasskey(p) {
      await query(SQL.addPasskey, passkeyValues(p));
    },
    async findPasskey(id) {
      const row = (await rows<PasskeyRow>(SQL.findPasskey, [id]))[0];
      return row && toPasskey(row);
    },
    async listPasskeys(userId) {
      return (await rows<PasskeyRow>(SQL.listPasskeys, [userId])).map(toPasskey);
    },
    async usePasskey(id, counter, at) {
      await query(SQL.usePasskey, [counter, at, id]);
    },
  };
}
