// The authoring API's reads on PostgreSQL (the AuthoringReader role). On the primary: an
// author lists what they just wrote, which a lagging replica may not have yet.
import type { PoolClient } from "pg";
import type { AuthoringReader, OwnPost, OwnPostsQuery } from "../authoring-reads.js";
import { ownStatusWhere } from "../own-status.js";
import { visibleWhere } from "../visibility.js";
import {
  CONTENT_COLUMNS as contentColumns,
  POSTS_FROM as from,
  postColumns,
  toPostRecord,
  type PostRow,
} from "../post-row.js";

const columns = postColumns("postgres");

export type OnPrimary = <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>;

interface OwnRow extends PostRow {
  created_at: string;
  views: string;
}

const pageSql = (q: OwnPostsQuery) => `SELECT ${columns}${q.withContent ? contentColumns : ""},
    p.created_at, coalesce(v.views, 0) AS views
  ${from} LEFT JOIN post_views v ON v.post_id = p.id
  WHERE p.publication_id = $1 AND ($2::bigint IS NOT NULL)
    AND ${ownStatusWhere(q.status, "p", "$2")} AND (p.created_at, p.id) < ($3::bigint, $4::text)
  ORDER BY p.created_at DESC, p.id DESC LIMIT $5`;

// `$2 IS NOT NULL` types `now` for the statuses whose predicate does not use it.
const countSql = (q: OwnPostsQuery) => `SELECT count(*)::int AS n FROM posts p
  WHERE p.publication_id = $1 AND ($2::bigint IS NOT NULL)
    AND ${ownStatusWhere(q.status, "p", "$2")}`;

const MOVED = `SELECT p.slug FROM publications pub
  JOIN post_slug_history h ON h.publication_id = pub.id AND h.slug = $1
  JOIN posts p ON p.id = h.post_id
  WHERE pub.slug = $2 AND ${visibleWhere("p", "$3")}`;

export function postgresAuthoringReads(onPrimary: OnPrimary, onReader: OnPrimary): AuthoringReader {
  return {
    async listOwnPosts(q) {
      const { createdAt, id } = q.after ?? { createdAt: Number.MAX_SAFE_INTEGER, id: "" };
      const now = String(q.now);
      const [page, count] = await onPrimary(
        async (c) =>
          [
            await c.query<OwnRow>(pageSql(q), [
              q.publicationId,
              now,
              String(createdAt),
              id,
              q.limit + 1,
            ]),
            await c.query<{ n: number }>(countSql(q), [q.publicationId, now]),
          ] as const,
      );
      const posts = page.rows.slice(0, q.limit).map(toOwnPost);
      return { posts, hasMore: page.rows.length > q.limit, total: count.rows[0]?.n ?? 0 };
    },
    async findMovedSlug(publicationSlug, postSlug, visibleAt) {
      if (`${publicationSlug}${postSlug}`.includes("\0")) return undefined;
      const values = [postSlug, publicationSlug, String(visibleAt)];
      const result = await onReader((c) => c.query<{ slug: string }>(MOVED, values));
      return result.rows[0]?.slug;
    },
  };
}

function toOwnPost(row: OwnRow): OwnPost {
  return { ...toPostRecord(row), createdAt: Number(row.created_at), views: Number(row.views) };
}
