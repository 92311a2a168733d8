// Reading publications and users (our authors) on their own, as the original service's
// client asks for them.
import type { PublicationRecord, UserRecord } from "./records.js";

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
