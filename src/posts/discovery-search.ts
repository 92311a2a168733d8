// Search as the original's client reads it: matching posts with their publication and
// author, matching publications with their owner. Terms are words only (search-terms.ts).
import type {
  PostRecord,
  PublicationReader,
  PublicationRecord,
  SearchReader,
} from "../store/post-store.js";
import { ownersOf, publicationsById, type ShownUser } from "./owners.js";
import { previewOf } from "./preview.js";
import { searchTerms } from "./search-terms.js";

export interface PostSearchHit {
  post: PostRecord;
  /** The start of its text, plain. */
  preview: string;
  publication: PublicationRecord;
  /** Its first author; the publication's owner for a post with none. */
  user: ShownUser;
}

export interface PublicationSearchHit {
  publication: PublicationRecord;
  owner: ShownUser;
}

export class DiscoverySearch {
  constructor(private readonly store: SearchReader & PublicationReader) {}

  async posts(
    query: string,
    options: { publicationId?: string; limit: number },
    now: number,
  ): Promise<PostSearchHit[]> {
    const terms = searchTerms(query);
    const hits = await this.store.searchPosts({ ...options, terms, visibleAt: now });
    const publications = await publicationsById(
      this.store,
      hits.map((h) => h.post.publicationId),
    );
    const owners = await ownersOf(this.store, [...publications.values()]);
    return hits.flatMap(({ post, markdownHead }) => {
      const publication = publications.get(post.publicationId);
      const user = post.authors[0] ?? owners.get(post.publicationId);
      return publication && user
        ? [{ post, preview: previewOf(markdownHead), publication, user }]
        : [];
    });
  }

  async publications(query: string, limit: number): Promise<PublicationSearchHit[]> {
    const found = await this.store.searchPublications({ terms: searchTerms(query), limit });
    const owners = await ownersOf(this.store, found);
    return found.map((publication) => ({ publication, owner: owners.get(publication.id)! }));
  }
}
