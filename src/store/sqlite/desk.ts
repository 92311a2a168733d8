// The desk's rows on SQLite (the DeskStore role). Writes wait for any open write transaction of
// this connection (exclusive), so a statement never joins an import's transaction.
import type Database from "better-sqlite3";
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
import { numbered } from "./background.js";
import { guarded, lazyStatements } from "./errors.js";
import type { Exclusive } from "./views.js";

const SQL = deskStatements((n) => `?${n}`);

export function sqliteDesk(db: Database.Database, exclusive: Exclusive): DeskStore {
  const sql = lazyStatements(db);
  const write = <T>(work: () => T) => exclusive(() => guarded(work));
  const run = (text: string, ...values: unknown[]) => sql(text).run(numbered(...values));
  const get = <R>(text: string, ...values: unknown[]) =>
    sql(text).get(numbered(...values)) as R | undefined;
  const all = <R>(text: string, ...values: unknown[]) =>
    guarded(() => sql(text).all(numbered(...values)) as R[]);
  return {
    async createDeskInvite(i) {
      await write(() =>
        run(SQL.createInvite, i.hash, i.publicationId, i.userId, i.createdAt, i.expiresAt),
      );
    },
    async redeemDeskInvite(hash, now) {
      return write(() => get<DeskPrincipal>(SQL.redeemInvite, now, hash));
    },
    async createDeskSession(s) {
      await write(() => run(SQL.createSession, ...sessionValues(s)));
    },
    async findDeskSession(hash) {
      const row = guarded(() => get<SessionRow>(SQL.findSession, hash));
      return row && toSession(row);
    },
    async touchDeskSession(id, at) {
      await write(() => run(SQL.touchSession, at, id));
    },
    async listDeskSessions() {
      return all<SessionRow>(SQL.listSessions).map(toSession);
    },
    async revokeDeskSession(id, at) {
      return write(() => run(SQL.revokeSession, at, id).changes === 1);
    },
    async saveDeskChallenge(c, now) {
      await write(() => {
        // Abandoned ceremonies leave rows behind; each new one clears what has expired.
        run(SQL.clearChallenges, now);
        run(SQL.saveChallenge, c.challenge, c.purpose, c.sessionId ?? null, c.expiresAt);
      });
    },
    async takeDeskChallenge(challenge, purpose, now) {
      return toChallenge(
        await write(() => get<ChallengeRow>(SQL.takeChallenge, challenge, purpose)),
        now,
      );
    },
    async addPasskey(p) {
      await write(() => run(SQL.addPasskey, ...passkeyValues(p)));
    },
    async findPasskey(id) {
      const row = guarded(() => get<PasskeyRow>(SQL.findPasskey, id));
      return row && toPasskey(row);
    },
    async listPasskeys(userId) {
      return all<PasskeyRow>(SQL.listPasskeys, userId).map(toPasskey);
    },
    async usePasskey(id, counter, at) {
      await write(() => run(SQL.usePasskey, counter, at, id));
    },
  };
}
