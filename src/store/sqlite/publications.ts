// Publications and users (authors) on SQLite, each lookup one indexed statement.
import type Database from "better-sqlite3";
import { PUBLICATION_COLUMNS, toPublicationRecord } from "../publication-columns.js";
import type { PublicationRow } from "../publication-columns.js";
import type { PublicationKey, PublicationReader, UserKey } from "../publications.js";
import type { PublicationRecord, UserRecord } from "../post-store.js";
import { toAuthorRecord, type AuthorJson } from "./rows.js";
import { Statements } from "./statements.js";
import { limitBy } from "../limit.js";

const publications = `SELECT ${PUBLICATION_COLUMNS} FROM publications pub`;
const users = `SELECT a.id AS id, a.publication_id AS publicationId, a.name AS name,
  a.wallet_address AS walletAddress, a.avatar_url AS avatarUrl, a.bio AS bio,
  a.social_username AS socialUsername, a.social_display_name AS socialDisplayName,
  a.social_fid AS socialFid FROM authors a`;
// A list of keys travels as one JSON array, so the statement's text is the same for any count.
const among = (column: string) => `${column} IN (SELECT value FROM json_each(?))`;

const SQL = {
  publicationById: `${publications} WHERE pub.id = ?`,
  publicationBySlug: `${publications} WHERE pub.slug = ?`,
  // Two publications naming one domain would be a data error; the lowest id answers.
  publicationByDomain: `${publications} WHERE pub.custom_domain_host = ? ORDER BY pub.id LIMIT 1`,
  publicationsByIds: `${publications} WHERE ${among("pub.id")}`,
  userById: `${users} WHERE a.id = ?`,
  // One person may be an author of several publications: the lowest id answers.
  userByWallet: `${users} WHERE lower(a.wallet_address) = lower(?) ORDER BY a.id LIMIT 1`,
  usersByIds: `${users} WHERE ${among("a.id")}`,
  publicationsAfter: `${publications} WHERE pub.id > ? ORDER BY pub.id ${limitBy("?")}`,
};

export class SqlitePublications implements PublicationReader {
  private readonly statements: Statements<keyof typeof SQL>;

  constructor(db: Database.Database) {
    this.statements = new Statements(db, SQL);
  }

  async findPublication(key: PublicationKey): Promise<PublicationRecord | undefined> {
    const [name, value] =
      "id" in key
        ? (["publicationById", key.id] as const)
        : "slug" in key
          ? (["publicationBySlug", key.slug] as const)
          : (["publicationByDomain", key.domainHost] as const);
    const row = this.statements.get<PublicationRow>(name, [value]);
    return row && toPublicationRecord(row);
  }

  async publicationsByIds(ids: readonly string[]): Promise<PublicationRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.statements.all<PublicationRow>("publicationsByIds", [JSON.stringify(ids)]);
    return rows.map(toPublicationRecord);
  }

  async findUser(key: UserKey): Promise<UserRecord | undefined> {
    const row =
      "id" in key
        ? this.statements.get<AuthorJson>("userById", [key.id])
        : this.statements.get<AuthorJson>("userByWallet", [key.walletAddress]);
    return row && toAuthorRecord(row);
  }

  async usersByIds(ids: readonly string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    return this.statements.all<AuthorJson>("usersByIds", [JSON.stringify(ids)]).map(toAuthorRecord);
  }

  async listPublications(afterId: string, limit: number): Promise<PublicationRecord[]> {
    const rows = this.statements.all<PublicationRow>("publicationsAfter", [afterId, limit]);
    return rows.map(toPublicationRecord);
  }
}
