// Author rows, the same on every backend: the column values of the author upserts, in order,
// and the social profile read back from its columns.
import type { AuthorInput, SocialRecord } from "./records.js";

export function authorColumns(a: AuthorInput): unknown[] {
  return [
    ...[a.id, a.publicationId, a.name, a.walletAddress, a.avatarUrl, a.bio],
    ...[a.social?.username, a.social?.displayName, a.social?.fid],
  ].map((value) => value ?? null);
}

/**
 * The profile its columns hold, absent without a username and fid. Keys in the order the
 * schemas list them, the one PostgreSQL's json_build_object gives (postgres/queries.ts): a
 * record is serialized as it is, so both backends give the same bytes.
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
