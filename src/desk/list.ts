// The writer's list: their publication's posts in the states a writer works with, newest
// first, filtered by state and searched by title, subtitle, slug and category. Read through
// the authoring API's own-posts service, a page of each state at a time.
import { OWN_LIMIT, type OwnPosts } from "../posts/own-posts.js";
import type { OwnPost, OwnStatus } from "../store/post-store.js";
import { listed, type Listing } from "./pages.js";

/** Rows a list page shows. */
export const LIST_ROWS = 50;
/** Posts of one state a search looks through, at most: the newest. */
export const SEARCH_DEPTH = 2000;

const STATES: readonly OwnStatus[] = ["draft", "scheduled", "published", "archived"];
/** What "all" lists: what a writer is working on or has out; archived posts on request. */
const ALL: readonly OwnStatus[] = ["draft", "scheduled", "published"];

const DATE = new Intl.DateTimeFormat("en-GB", {
  ...{ day: "numeric", month: "short", year: "numeric" },
  ...{ hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" },
});

type Query = Record<string, unknown>;

export async function writersList(
  own: OwnPosts,
  publicationId: string,
  raw: unknown,
  now: number,
): Promise<Listing> {
  const query = (raw ?? {}) as Query;
  const asked = text(query.status);
  const status = STATES.includes(asked as OwnStatus) ? (asked as OwnStatus) : "all";
  const search = (text(query.q) ?? "").trim().slice(0, 200);
  const cursor = text(query.cursor);
  const states = status === "all" ? ALL : [status];
  const row = (post: OwnPost) => listed(post, now, (ms) => DATE.format(ms));
  const notice = query.deleted === undefined ? undefined : "The post was deleted.";
  const base = { status, query: search, ...(notice !== undefined && { notice }) };

  if (search !== "") {
    const found = (await Promise.all(states.map((s) => matching(own, publicationId, s, search))))
      .flat()
      .sort(newestFirst);
    const more =
      found.length > LIST_ROWS
        ? { text: `Showing the newest ${LIST_ROWS}: make the search narrower to see others.` }
        : undefined;
    return { ...base, posts: found.slice(0, LIST_ROWS).map(row), ...(more && { more }) };
  }
  if (status !== "all") {
    const page = await own.list({
      ...{ publicationId, status, limit: LIST_ROWS, withContent: false },
      ...(cursor !== undefined && { cursor }),
    });
    const more = page.cursor && {
      url: `/desk?status=${status}&cursor=${encodeURIComponent(page.cursor)}`,
    };
    return { ...base, posts: page.posts.map(row), ...(more && { more }) };
  }
  const pages = await Promise.all(
    states.map((s) => own.list({ publicationId, status: s, limit: LIST_ROWS, withContent: false })),
  );
  const posts = pages.flatMap((p) => p.posts).sort(newestFirst);
  const more =
    posts.length > LIST_ROWS || pages.some((p) => p.hasMore)
      ? { text: `Showing the newest ${LIST_ROWS}: choose a status to see all of its posts.` }
      : undefined;
  return { ...base, posts: posts.slice(0, LIST_ROWS).map(row), ...(more && { more }) };
}

/** Posts of one state whose title, subtitle, slug or a category holds `search`. */
async function matching(own: OwnPosts, publicationId: string, status: OwnStatus, search: string) {
  const needle = search.toLocaleLowerCase();
  const found: OwnPost[] = [];
  let cursor: string | undefined;
  for (let seen = 0; seen < SEARCH_DEPTH; seen += OWN_LIMIT.max) {
    const page = await own.list({
      ...{ publicationId, status, limit: OWN_LIMIT.max, withContent: false },
      ...(cursor !== undefined && { cursor }),
    });
    for (const post of page.posts) {
      const fields = [post.title, post.subtitle ?? "", post.slug, ...post.categories];
      if (fields.some((f) => f.toLocaleLowerCase().includes(needle))) found.push(post);
    }
    cursor = page.cursor;
    if (cursor === undefined) break;
  }
  return found;
}

function newestFirst(a: OwnPost, b: OwnPost): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
}

function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  return typeof value === "string" ? value : undefined;
}
