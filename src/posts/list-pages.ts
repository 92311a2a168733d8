// One page of a list of visible posts, newest first, by keyset: the cursor it resumes after
// (signed, bound to its list), one more post than asked for `hasMore`, and what the page
// depends on (answer-cache.ts `depends`), whichever form the store gives the posts in.
import type { ListPosition, ListQuery, ListScope, PostRecord } from "../store/post-store.js";
import { scopeOf } from "../store/post-lists.js";
import { depends } from "./answer-cache.js";
import type { CursorCodec } from "./cursor.js";

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

interface PageAsk {
  scope: ListScope;
  request: PageRequest;
  now: number;
}

/** A page of the list; CursorError for a cursor not its own. */
export async function readPage<P extends Listed>(
  cursors: CursorCodec,
  { scope, request, now }: PageAsk,
  list: (query: ListQuery) => Promise<P[]>,
): Promise<Page<P>> {
  const name = scopeName(scope);
  const after = request.cursor === undefined ? undefined : await cursors.open(name, request.cursor);
  const { limit, withContent } = request;
  // One more than asked: whether it exists is `hasMore`, without counting the list.
  const found = await list({ scope, after, limit: limit + 1, withContent, visibleAt: now });
  const items = found.slice(0, limit);
  const last = items.at(-1);
  const hasMore = found.length > limit && last !== undefined;
  const page: Page<P> = { items, hasMore, dependencies: listDependencies(scope, found) };
  if (hasMore) page.cursor = await cursors.seal(name, positionOf(last));
  return page;
}

/** The name a list's cursors are bound to: a cursor of one list is refused by another. */
function scopeName(scope: ListScope): string {
  const { kind, keys } = scopeOf(scope);
  if (kind === "publication") return `pub\0${keys[0]}`;
  if (kind === "tag") return `tag\0${keys[0]}`;
  if (kind === "everything") return "feed";
  return [kind, ...keys].join("\0");
}

/** Its list, and every post it shows or looked at (the extra one says `hasMore`). */
export function listDependencies(scope: ListScope, posts: readonly { id: string }[]): string[] {
  const { kind, keys } = scopeOf(scope);
  const [key = "", publicationId = ""] = keys;
  const lists: Record<typeof kind, string[]> = {
    publication: [depends.publication(key)],
    tag: [depends.tag(key)],
    everything: [depends.feed],
    publicationTag: [depends.tag(key), depends.publication(publicationId)],
    // An author's posts are in the author's publication's list: a change to it says so.
    author: [depends.feed],
  };
  return [...lists[kind], depends.lists, ...posts.map((p) => depends.post(p.id))];
}

function positionOf(post: Listed): ListPosition {
  // Listed posts are visible, and a visible post always has its publication time.
  return { publishedAt: post.publishedAt ?? 0, id: post.id };
}
