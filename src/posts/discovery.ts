// The discovery reads as records: publications and users, keyset pages of visible posts
// with their cursors, the feed of every publication. Each answer says what it depends on
// (answer-cache.ts `depends`), so a cache can drop it exactly when a write touches it.
import type {
  ChangeNotice,
  ListedBody,
  ListPosition,
  ListQuery,
  ListScope,
  PostLists,
  PostRecord,
  PublicationKey,
  PublicationReader,
  PublicationRecord,
  UserKey,
  UserRecord,
} from "../store/post-store.js";
import { depends } from "./answer-cache.js";
import type { CursorCodec } from "./cursor.js";
import type { ShownUser } from "./owners.js";
import { ShownPublications } from "./shown-publications.js";

export type DiscoveryStore = PublicationReader & PostLists;

export interface PageRequest {
  limit: number;
  cursor?: string;
  withContent: boolean;
}

export interface Page<T> {
  items: T[];
  /** Resumes after the last item; absent on the last page. */
  cursor?: string;
  hasMore: boolean;
  dependencies: string[];
}

/** What a page needs of a listed post, whichever form the store gave it in. */
export type Listed = Pick<PostRecord, "id" | "publicationId" | "publishedAt">;

export interface FeedItem<P extends Listed = PostRecord> {
  post: P;
  publication: PublicationRecord;
  /** The publication's owner. */
  user: ShownUser;
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
    return this.page(scope, request, now, (q) => this.store.listPosts(q));
  }

  /** The same page as `posts`, as the posts' stored bodies. */
  bodies(scope: ListScope, request: PageRequest, now: number): Promise<Page<ListedBody>> {
    return this.page(scope, request, now, (q) => this.store.listBodies(q));
  }

  private async page<P extends Listed>(
    scope: ListScope,
    request: PageRequest,
    now: number,
    list: (query: ListQuery) => Promise<P[]>,
  ): Promise<Page<P>> {
    const name = scopeName(scope);
    const after =
      request.cursor === undefined ? undefined : await this.cursors.open(name, request.cursor);
    const { limit, withContent } = request;
    // One more than asked: whether it exists is `hasMore`, without counting the list.
    const found = await list({
      scope,
      after,
      limit: limit + 1,
      withContent,
      visibleAt: now,
    });
    const items = found.slice(0, limit);
    const last = items.at(-1);
    const hasMore = found.length > limit && last !== undefined;
    const page: Page<P> = { items, hasMore, dependencies: listDependencies(scope, found) };
    if (hasMore) page.cursor = await this.cursors.seal(name, positionOf(last));
    return page;
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

/** The name a list's cursors are bound to: a cursor of one list is refused by another. */
function scopeName(scope: ListScope): string {
  if ("publicationId" in scope) return `pub\0${scope.publicationId}`;
  if ("tag" in scope) return `tag\0${scope.tag}`;
  return "feed";
}

/** Its list, and every post it shows or looked at (the extra one says `hasMore`). */
function listDependencies(scope: ListScope, posts: readonly Listed[]): string[] {
  const list =
    "publicationId" in scope
      ? depends.publication(scope.publicationId)
      : "tag" in scope
        ? depends.tag(scope.tag)
        : depends.feed;
  return [list, depends.lists, ...posts.map((p) => depends.post(p.id))];
}

function positionOf(post: Listed): ListPosition {
  // Listed posts are visible, and a visible post always has its publication time.
  return { publishedAt: post.publishedAt ?? 0, id: post.id };
}
