// Author rows, the same on every backend: the column values of the author upserts, in order,
// and the social profile read back from its columns.
import type { AuthorInput, AuthorRecord, SocialRecord } from "./records.js";

export function authorColumns(a: AuthorInput): unknown[] {
  return [
    ...[a.id, a.publicationId, a.name, a.walletAddress, a.avatarUrl, a.bio],
    ...[a.social?.username, a.social?.displayName, a.social?.fid],
  ].map((value) => value ?? null);
}

/** The authors table's columns, in authorColumns' order. */
const COLUMNS = [
  ...["id", "publication_id", "name", "wallet_address", "avatar_url", "bio"],
  ...["social_username", "social_display_name", "social_fid"],
];
export const AUTHOR_COLUMN_NAMES = COLUMNS.join(", ");
const CHANGEABLE = COLUMNS.slice(1);

/** What an upsert changes on an author that exists: everything but its id. */
export const AUTHOR_UPSERT_SET = CHANGEABLE.map((c) => `${c} = excluded.${c}`).join(", ");

/**
 * The upsert's condition: only an author whose stored fields differ is rewritten, so a
 * same-valued line leaves its posts' bodies alone. `distinct`: SQLite's `IS NOT`,
 * PostgreSQL's `IS DISTINCT FROM`.
 */
export const authorDiffers = (distinct: string) =>
  `(${CHANGEABLE.map((c) => `authors.${c}`).join(", ")}) ${distinct} ` +
  `(${CHANGEABLE.map((c) => `excluded.${c}`).join(", ")})`;

/**
 * The profile its columns hold, absent without a username and fid. Keys in the order the
 * schemas list them: a record is serialized as it is.
 */
export function socialOf(
  username: unknown,
  displayName: unknown,
  fid: unknown,
): SocialRecord | undefined {
  if (username === null || username === undefined || fid === null || fid === undefined) {
    return undefined;
  }
  return {
    username: String(username),
    ...(displayName !== null && displayName !== undefined && { displayName: String(displayName) }),
    fid: Number(fid),
  };
}

/** An author's columns as read, under their record's names. */
export interface AuthorJson {
  id: string;
  publicationId: string;
  name: string;
  walletAddress: string | null;
  avatarUrl: string | null;
  bio: string | null;
  socialUsername: string | null;
  socialDisplayName: string | null;
  /** BIGINT on PostgreSQL: read as a string there. */
  socialFid: number | string | null;
}

/** NULL becomes an omitted field. */
export function toAuthorRecord(a: AuthorJson): AuthorRecord {
  const author: AuthorRecord = { id: a.id, publicationId: a.publicationId, name: a.name };
  if (a.walletAddress !== null) author.walletAddress = a.walletAddress;
  if (a.avatarUrl !== null) author.avatarUrl = a.avatarUrl;
  if (a.bio !== null) author.bio = a.bio;
  const social = socialOf(a.socialUsername, a.socialDisplayName, a.socialFid);
  if (social !== undefined) author.social = social;
  return author;
}
