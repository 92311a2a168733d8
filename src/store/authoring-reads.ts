// The reads of the authoring API: a publication's own posts in any state, the
// publication itself, and where a renamed post's old slug now points.
import { sql } from "./kysely.js";
import { OWN_STATUSES, ownStatusAt } from "./own-status.js";
import { selectPosts, toPostRecord } from "./post-row.js";
import type { PostRecord } from "./records.js";
import { statement, type Reads } from "./statement.js";
import { visibleAt } from "./visibility.js";

/** The states an author lists by; `scheduled` is published with a time still to come. */
export type OwnStatus = "published" | "draft" | "scheduled" | "archived";

/** Where a page starts: after this post in the list's order (newest first). */
export interface OwnCursor {
  createdAt: number;
  id: string;
}

export interface OwnPostsQuery {
  publicationId: string;
  status: OwnStatus;
  limit: number;
  after?: OwnCursor;
  withContent: boolean;
  /** The instant that splits published from scheduled. */
  now: number;
}

export interface OwnPost extends PostRecord {
  createdAt: number;
  views: number;
}

export interface OwnPostsPage {
  posts: OwnPost[];
  hasMore: boolean;
  total: number;
}

export interface AuthoringReader {
  listOwnPosts(query: OwnPostsQuery): Promise<OwnPostsPage>;
  /**
   * The current slug of the post visible at `visibleAt` that once had `postSlug` in that
   * publication, when no post has it now; undefined otherwise.
   */
  findMovedSlug(
    publicationSlug: string,
    postSlug: string,
    visibleAt: number,
  ): Promise<string | undefined>;
}

// Written once for both backends (statement.ts): a statement per status, with and without
// content, compiled when this module loads.

interface PageArgs {
  publicationId: string;
  now: number;
  createdAt: number;
  id: string;
  limit: number;
}

const page = (status: OwnStatus, content: boolean) =>
  statement((db, a: PageArgs, dialect) =>
    selectPosts(db, dialect)
      .$if(content, (q) => q.select(["p.content_json", "p.static_html", "p.markdown"]))
      .select(["p.created_at", sql<number | string>`coalesce(v.views, 0)`.as("views")])
      .leftJoin("post_views as v", "v.post_id", "p.id")
      .where("p.publication_id", "=", a.publicationId)
      .where(ownStatusAt(status, "p", a.now))
      .where(sql<boolean>`(p.created_at, p.id) < (${a.createdAt}, ${a.id})`)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      // Cast, not bare: see limit.ts.
      .limit(sql<number>`cast(${a.limit} as integer)`),
  );

const count = (status: OwnStatus) =>
  statement((db, a: { publicationId: string; now: number }) =>
    db
      .selectFrom("posts as p")
      .select(sql<number>`cast(count(*) as integer)`.as("n"))
      .where("p.publication_id", "=", a.publicationId)
      .where(ownStatusAt(status, "p", a.now)),
  );

const byStatus = <T>(make: (status: OwnStatus) => T) =>
  Object.fromEntries(OWN_STATUSES.map((s) => [s, make(s)])) as Record<OwnStatus, T>;

const PAGE = byStatus((s) => ({ meta: page(s, false), full: page(s, true) }));
const COUNT = byStatus(count);

const MOVED = statement(
  (db, a: { publicationSlug: string; postSlug: string; now: number }) =>
    db
      .selectFrom("publications as pub")
      .innerJoin("post_slug_history as h", (join) =>
        join.onRef("h.publication_id", "=", "pub.id").on("h.slug", "=", a.postSlug),
      )
      .innerJoin("posts as p", "p.id", "h.post_id")
      .select("p.slug")
      .where("pub.slug", "=", a.publicationSlug)
      .where(visibleAt("p", a.now)),
  "folio_v4_moved_slug",
);

/** Before every post: the first page starts here. */
const FIRST: OwnCursor = { createdAt: Number.MAX_SAFE_INTEGER, id: "" };

/** `primary`: where an author's own list is read, which must hold what they just wrote. */
export function authoringReader(primary: Reads, reads: Reads): AuthoringReader {
  return {
    async listOwnPosts(q) {
      const { createdAt, id } = q.after ?? FIRST;
      const filter = { publicationId: q.publicationId, now: q.now };
      const [rows, [counted]] = await Promise.all([
        primary.rows(PAGE[q.status][q.withContent ? "full" : "meta"], {
          ...filter,
          createdAt,
          id,
          limit: q.limit + 1,
        }),
        primary.rows(COUNT[q.status], filter),
      ]);
      const posts = rows.slice(0, q.limit).map((row): OwnPost => ({
        ...toPostRecord(row),
        createdAt: Number(row.created_at),
        views: Number(row.views),
      }));
      return { posts, hasMore: rows.length > q.limit, total: counted?.n ?? 0 };
    },
    async findMovedSlug(publicationSlug, postSlug, now) {
      const [row] = await reads.rows(MOVED, { publicationSlug, postSlug, now });
      return row?.slug;
    },
  };
}
