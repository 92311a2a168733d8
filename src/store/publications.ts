// Reading publications and users (our authors) on their own, as the original service's
// client asks for them.
import { sql, type Kysely } from "./kysely.js";
import { toAuthorRecord, type AuthorJson } from "./author-columns.js";
import { OWNER, toPublicationRecord, type PublicationRow } from "./publication-columns.js";
import type { PublicationRecord, UserRecord } from "./records.js";
import { among, statement, type Reads, type Statement } from "./statement.js";
import type { Tables } from "./tables.js";

/** A publication by id, by slug, or by the host of its custom domain (lower case). */
export type PublicationKey = { id: string } | { slug: string } | { domainHost: string };

/** A user by id, or by wallet address (matched whatever its letter case). */
export type UserKey = { id: string } | { walletAddress: string };

export interface PublicationReader {
  findPublication(key: PublicationKey): Promise<PublicationRecord | undefined>;
  /** The publications among `ids` that exist, in no particular order. */
  publicationsByIds(ids: readonly string[]): Promise<PublicationRecord[]>;
  findUser(key: UserKey): Promise<UserRecord | undefined>;
  /** The users among `ids` that exist, in no particular order. */
  usersByIds(ids: readonly string[]): Promise<UserRecord[]>;
  /** Up to `limit` publications with an id after `afterId` ("" for the first), in id order. */
  listPublications(afterId: string, limit: number): Promise<PublicationRecord[]>;
}

// Written once for both backends (statement.ts): each lookup one indexed statement, named so
// a pooled PostgreSQL connection parses it once.
const publications = (db: Kysely<Tables>) =>
  db
    .selectFrom("publications as pub")
    .select([
      ...(["pub.id", "pub.slug", "pub.name"] as const),
      sql.raw<string>(OWNER).as("owner_user_id"),
      ...(["pub.custom_domain", "pub.summary", "pub.logo_url"] as const),
    ]);

const users = (db: Kysely<Tables>) =>
  db
    .selectFrom("authors as a")
    .select([
      ...(["a.id", "a.publication_id as publicationId", "a.name"] as const),
      ...(["a.wallet_address as walletAddress", "a.avatar_url as avatarUrl", "a.bio"] as const),
      ...["a.social_username as socialUsername", "a.social_display_name as socialDisplayName"],
      "a.social_fid as socialFid",
    ] as const);

const PUBLICATION_BY = {
  id: statement(
    (db, a: { key: string }) => publications(db).where("pub.id", "=", a.key),
    "folio_v4_publication_by_id",
  ),
  slug: statement(
    (db, a: { key: string }) => publications(db).where("pub.slug", "=", a.key),
    "folio_v4_publication_by_slug",
  ),
  // Two publications naming one domain would be a data error; the lowest id answers.
  domainHost: statement(
    (db, a: { key: string }) =>
      publications(db).where("pub.custom_domain_host", "=", a.key).orderBy("pub.id").limit(1),
    "folio_v4_publication_by_domain",
  ),
};

const PUBLICATIONS_AMONG = statement(
  (db, a: { ids: readonly string[] }, dialect) =>
    publications(db).where(among("pub.id", a.ids, dialect)),
  "folio_v4_publications_among",
);

// Ids are COLLATE "C" on PostgreSQL: the byte order SQLite's keyset uses.
const PUBLICATIONS_AFTER = statement(
  (db, a: { afterId: string; limit: number }) =>
    publications(db)
      .where("pub.id", ">", a.afterId)
      .orderBy("pub.id")
      // Cast, not bare: see limit.ts.
      .limit(sql<number>`cast(${a.limit} as integer)`),
  "folio_v4_publications_after",
);

const USER_BY = {
  id: statement(
    (db, a: { key: string }) => users(db).where("a.id", "=", a.key),
    "folio_v4_user_by_id",
  ),
  // One person may be an author of several publications: the lowest id answers.
  walletAddress: statement(
    (db, a: { key: string }) =>
      users(db)
        .where(sql`lower(a.wallet_address)`, "=", sql`lower(${a.key})`)
        .orderBy("a.id")
        .limit(1),
    "folio_v4_user_by_wallet",
  ),
};

const USERS_AMONG = statement(
  (db, a: { ids: readonly string[] }, dialect) => users(db).where(among("a.id", a.ids, dialect)),
  "folio_v4_users_among",
);

export function publicationReader(sql: Reads): PublicationReader {
  const publication = async <A>(s: Statement<A, PublicationRow>, args: A) =>
    (await sql.rows(s, args)).map(toPublicationRecord);
  const user = async <A>(s: Statement<A, AuthorJson>, args: A) =>
    (await sql.rows(s, args)).map(toAuthorRecord);
  return {
    async findPublication(key) {
      const [kind, value] = Object.entries(key)[0] as [keyof typeof PUBLICATION_BY, string];
      return (await publication(PUBLICATION_BY[kind], { key: value }))[0];
    },
    async publicationsByIds(ids) {
      return ids.length === 0 ? [] : publication(PUBLICATIONS_AMONG, { ids });
    },
    async findUser(key) {
      const [kind, value] = Object.entries(key)[0] as [keyof typeof USER_BY, string];
      return (await user(USER_BY[kind], { key: value }))[0];
    },
    async usersByIds(ids) {
      return ids.length === 0 ? [] : user(USERS_AMONG, { ids });
    },
    listPublications(afterId, limit) {
      return publication(PUBLICATIONS_AFTER, { afterId, limit });
    },
  };
}
