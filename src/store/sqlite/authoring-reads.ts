// The authoring API's reads on SQLite (the AuthoringReader role): a publication's own posts,
// newest first, one keyset page at a time; the publication; an old slug's current one.
import type Database from "better-sqlite3";
import type { AuthoringReader, OwnPost, OwnPostsQuery } from "../authoring-reads.js";
import { needsNow, ownStatusWhere } from "../own-status.js";
import { visibleWhere } from "../visibility.js";
import { guarded, lazyStatements } from "./errors.js";
import {
  CONTENT_COLUMNS as contentColumns,
  POSTS_FROM as from,
  postColumns,
  toPostRecord,
  type PostRow,
} from "../post-row.js";

const columns = postColumns("sqlite");

interface OwnRow extends PostRow {
  created_at: number;
  views: number;
}

function pageSql(q: OwnPostsQuery): string {
  return `SELECT ${columns}${q.withContent ? contentColumns : ""},
      p.created_at, coalesce(v.views, 0) AS views
    ${from} LEFT JOIN post_views v ON v.post_id = p.id
    WHERE p.publication_id = @pub AND ${ownStatusWhere(q.status, "p", "@now")}
      AND (p.created_at, p.id) < (@createdAt, @id)
    ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`;
}

const countSql = (q: OwnPostsQuery) =>
  `SELECT count(*) FROM posts p WHERE p.publication_id = @pub AND ${ownStatusWhere(q.status, "p", "@now")}`;

const MOVED = `SELECT p.slug FROM publications pub
  JOIN post_slug_history h ON h.publication_id = pub.id AND h.slug = ?
  JOIN posts p ON p.id = h.post_id
  WHERE pub.slug = ? AND ${visibleWhere("p", "?")}`;

/** Before every post: the first page starts here. */
const FIRST = { createdAt: Number.MAX_SAFE_INTEGER, id: "" };

export function sqliteAuthoringReads(db: Database.Database): AuthoringReader {
  const sql = lazyStatements(db);
  return {
    async listOwnPosts(q) {
      const { createdAt, id } = q.after ?? FIRST;
      // better-sqlite3 refuses a named value the statement does not use.
      const filter = needsNow(q.status)
        ? { pub: q.publicationId, now: q.now }
        : { pub: q.publicationId };
      const named = { ...filter, createdAt, id, limit: q.limit + 1 };
      const rows = guarded(() => sql(pageSql(q)).all(named)) as OwnRow[];
      const total = guarded(() => sql(countSql(q)).pluck().get(filter)) as number;
      const posts = rows.slice(0, q.limit).map(toOwnPost);
      return { posts, hasMore: rows.length > q.limit, total };
    },
    async findMovedSlug(publicationSlug, postSlug, visibleAt) {
      const row = guarded(() => sql(MOVED).pluck().get(postSlug, publicationSlug, visibleAt));
      return row as string | undefined;
    },
  };
}

function toOwnPost(row: OwnRow): OwnPost {
  return { ...toPostRecord(row), createdAt: row.created_at, views: row.views };
}
