// Author rows, the same on every backend: the column values of the author upserts, in order.
import type { AuthorInput } from "./post-store.js";

export function authorColumns(a: AuthorInput): unknown[] {
  return [
    ...[a.id, a.publicationId, a.name, a.walletAddress, a.avatarUrl, a.bio],
    ...[a.social?.username, a.social?.displayName, a.social?.fid],
  ].map((value) => value ?? null);
}
