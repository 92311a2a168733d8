// The discovery reads: publications and users, keyset pages of visible posts (as records
// or as their stored bodies; list-pages.ts), the feed of every publication with each
// publication and owner (shown-publications.ts).
import type {
  ChangeNotice,
  ListedBody,
  ListScope,
  PostLists,
  PostRecord,
  PublicationKey,
  PublicationReader,
  PublicationRecord,
  UserKey,
  UserRecord,
} from "../store/post-store.js";
import type { CursorCodec } from "./cursor.js";
import { readPage, type Listed, type Page, type PageRequest } from "./list-pages.js";
import { ShownPublications, type ShownPublication } from "./shown-publications.js";

type DiscoveryStore = PublicationReader & PostLists;

export type { Listed, Page, PageRequest };

/** A post of the feed with its publication and the publication's owner. */
export interface FeedItem<P extends Listed = PostRecord> extends ShownPublication {
  post: P;
}

/** Publication ids whose slugs are remembered, at most: past it the memory starts over. */
const MAX_SLUGS = 100_000;

export class Discovery {
  /** Publication id → slug. Only "everything changed" notices can rename a publication. */
  private readonly slugs = new Map<string, string>();
  private generation = 0;
  private readonly shown: ShownPublications;

  constructor(
    private readonly store: DiscoveryStore,
    private readonly cursors: CursorCodec,
  ) {
    this.shown = new ShownPublications(store);
  }

  publication(key: PublicationKey): Promise<PublicationRecord | undefined> {
    return this.store.findPublication(key);
  }

  /** A publication's slug, remembered: the single read by publication id goes through it. */
  async publicationSlug(id: string): Promise<string | undefined> {
    const known = this.slugs.get(id);
    if (known !== undefined) return known;
    const generation = this.generation;
    const slug = (await this.store.findPublication({ id }))?.slug;
    if (slug === undefined || generation !== this.generation) return slug;
    if (this.slugs.size >= MAX_SLUGS) this.slugs.clear();
    this.slugs.set(id, slug);
    return slug;
  }

  /** A publication or author write is told as "everything changed" (change-notice.ts). */
  apply(notice: ChangeNotice): void {
    if (!notice.all) return;
    this.generation++;
    this.slugs.clear();
    this.shown.forget();
  }

  user(key: UserKey): Promise<UserRecord | undefined> {
    return this.store.findUser(key);
  }

  /** A page of a list's visible posts, newest first; CursorError for a cursor not its own. */
  posts(scope: ListScope, request: PageRequest, now: number): Promise<Page<PostRecord>> {
    return readPage(this.cursors, { scope, request, now }, (q) => this.store.listPosts(q));
  }

  /** The same page as `posts`, as the posts' stored bodies. */
  bodies(scope: ListScope, request: PageRequest, now: number): Promise<Page<ListedBody>> {
    return readPage(this.cursors, { scope, request, now }, (q) => this.store.listBodies(q));
  }

  /** A page of every publication's posts as stored bodies, each with its publication and owner. */
  async feed(request: PageRequest, now: number): Promise<Page<FeedItem<ListedBody>>> {
    return this.withOwners(await this.bodies({ everything: true }, request, now));
  }

  /** The feed's page as records: for posts stored without bodies. */
  async feedOfRecords(request: PageRequest, now: number): Promise<Page<FeedItem>> {
    return this.withOwners(await this.posts({ everything: true }, request, now));
  }

  private async withOwners<P extends Listed>(page: Page<P>): Promise<Page<FeedItem<P>>> {
    const shown = await this.shown.of(page.items.map((p) => p.publicationId));
    // A post always has its publication (a foreign key); the guard keeps the types honest.
    const items = page.items.flatMap((post) => {
      const publication = shown.get(post.publicationId);
      return publication ? [{ post, ...publication }] : [];
    });
    return { ...page, items };
  }
}
