// Publications and users (authors) on PostgreSQL, each lookup one indexed statement.
import { PUBLICATION_COLUMNS, toPublicationRecord } from "../publication-columns.js";
import type { PublicationRow } from "../publication-columns.js";
import type { PublicationKey, PublicationReader, UserKey } from "../publications.js";
import type { PublicationRecord, UserRecord } from "../post-store.js";
import { authorJson } from "./queries.js";
import { hasNul, namedRead, type ReadContext } from "./reads.js";

const publications = `SELECT ${PUBLICATION_COLUMNS} FROM publications pub`;
// Already in record shape (json_strip_nulls drops absent fields; queries.ts).
const users = `SELECT ${authorJson} AS author FROM authors a`;

const SQL = {
  publicationById: `${publications} WHERE pub.id = $1`,
  publicationBySlug: `${publications} WHERE pub.slug = $1`,
  // Two publications naming one domain would be a data error; the lowest id answers.
  publicationByDomain: `${publications} WHERE pub.custom_domain_host = $1 ORDER BY pub.id LIMIT 1`,
  publicationsByIds: `${publications} WHERE pub.id = ANY($1::text[])`,
  userById: `${users} WHERE a.id = $1`,
  // One person may be an author of several publications: the lowest id answers.
  userByWallet: `${users} WHERE lower(a.wallet_address) = lower($1) ORDER BY a.id LIMIT 1`,
  usersByIds: `${users} WHERE a.id = ANY($1::text[])`,
  // COLLATE "C": the byte order SQLite's keyset uses, whatever the database's collation.
  publicationsAfter: `${publications} WHERE pub.id COLLATE "C" > $1
    ORDER BY pub.id COLLATE "C" LIMIT $2`,
} as const;

type Name = keyof typeof SQL;

export class PostgresPublications implements PublicationReader {
  constructor(private readonly context: ReadContext) {}

  async findPublication(key: PublicationKey): Promise<PublicationRecord | undefined> {
    const [name, value] =
      "id" in key
        ? (["publicationById", key.id] as const)
        : "slug" in key
          ? (["publicationBySlug", key.slug] as const)
          : (["publicationByDomain", key.domainHost] as const);
    const [row] = await this.rows<PublicationRow>(name, [value]);
    return row && toPublicationRecord(row);
  }

  async publicationsByIds(ids: readonly string[]): Promise<PublicationRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows<PublicationRow>("publicationsByIds", ids, true);
    return rows.map(toPublicationRecord);
  }

  async findUser(key: UserKey): Promise<UserRecord | undefined> {
    const [name, value] =
      "id" in key
        ? (["userById", key.id] as const)
        : (["userByWallet", key.walletAddress] as const);
    const [row] = await this.rows<{ author: UserRecord }>(name, [value]);
    return row?.author;
  }

  async usersByIds(ids: readonly string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows<{ author: UserRecord }>("usersByIds", ids, true);
    return rows.map((r) => r.author);
  }

  async listPublications(afterId: string, limit: number): Promise<PublicationRecord[]> {
    if (hasNul([afterId])) return [];
    const rows = await this.rows<PublicationRow>("publicationsAfter", [afterId, String(limit)]);
    return rows.map(toPublicationRecord);
  }

  /** Keys with a NUL match nothing stored (and would be an error to send). */
  private async rows<R extends object>(name: Name, keys: readonly string[], asArray = false) {
    const wanted = keys.filter((k) => !hasNul([k]));
    if (wanted.length === 0) return [];
    return namedRead<R>(this.context, name, SQL[name], asArray ? [wanted] : wanted);
  }
}
