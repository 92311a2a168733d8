// Who owns a publication, as a user: the original's feed and search answers show one.
import type { PublicationReader, PublicationRecord, UserRecord } from "../store/post-store.js";

/** A user as shown: a known author, or only the id and publication of an unknown owner. */
export type ShownUser = Omit<UserRecord, "name"> & { name?: string };

/**
 * Each publication's owner as a user record. An owner that is no author we know (or a
 * publication that names none) is shown by what we do know: its id and publication.
 */
export async function ownersOf(
  store: Pick<PublicationReader, "usersByIds">,
  publications: readonly PublicationRecord[],
): Promise<Map<string, ShownUser>> {
  const ids = [...new Set(publications.map((p) => p.ownerUserId).filter((id) => id !== ""))];
  const users = new Map((await store.usersByIds(ids)).map((u) => [u.id, u]));
  return new Map(
    publications.map((p) => [
      p.id,
      users.get(p.ownerUserId) ?? { id: p.ownerUserId, publicationId: p.id },
    ]),
  );
}

/** The publications of these ids, by id. */
export async function publicationsById(
  store: Pick<PublicationReader, "publicationsByIds">,
  ids: Iterable<string>,
): Promise<Map<string, PublicationRecord>> {
  const found = await store.publicationsByIds([...new Set(ids)]);
  return new Map(found.map((p) => [p.id, p]));
}
