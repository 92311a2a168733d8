// Each publication as the feed shows it beside its posts: the record and its owner, kept in
// memory. Publications and authors change only by writes told as "everything changed"
// (change-notice.ts), which drop what is kept; a read that straddled one is not kept.
import type { PublicationReader, PublicationRecord } from "../store/post-store.js";
import { ownersOf, publicationsById, type ShownUser } from "./owners.js";

export interface ShownPublication {
  publication: PublicationRecord;
  /** The publication's owner. */
  user: ShownUser;
}

/** Publications kept, at most: past it the memory starts over. */
const MAX_KEPT = 100_000;

export class ShownPublications {
  private readonly kept = new Map<string, ShownPublication>();
  private generation = 0;

  constructor(
    private readonly store: Pick<PublicationReader, "publicationsByIds" | "usersByIds">,
  ) {}

  /** These publications (by id) with their owners; an unknown id is left out. */
  async of(ids: Iterable<string>): Promise<Map<string, ShownPublication>> {
    const found = new Map<string, ShownPublication>();
    const missing = new Set<string>();
    for (const id of ids) {
      const kept = this.kept.get(id);
      if (kept === undefined) missing.add(id);
      else found.set(id, kept);
    }
    if (missing.size === 0) return found;
    const generation = this.generation;
    const publications = await publicationsById(this.store, missing);
    const owners = await ownersOf(this.store, [...publications.values()]);
    const keep = generation === this.generation;
    if (keep && this.kept.size + publications.size > MAX_KEPT) this.kept.clear();
    for (const [id, publication] of publications) {
      const shown = { publication, user: owners.get(id)! };
      found.set(id, shown);
      if (keep) this.kept.set(id, shown);
    }
    return found;
  }

  /** A publication or an author changed somewhere: nothing kept is believed. */
  forget(): void {
    this.generation++;
    this.kept.clear();
  }
}
