// Page views on PostgreSQL (the ViewStore role): a whole flushed batch in one statement.
import type { ViewStore } from "../views.js";
import type { OnPrimary } from "./pool.js";

// Posts deleted since they were viewed are skipped by the join; rows are added in id order,
// so two nodes flushing at once lock them in the same order and never deadlock.
const ADD = `INSERT INTO post_views (post_id, views)
  SELECT u.id, u.n FROM unnest($1::text[], $2::bigint[]) AS u(id, n)
  WHERE EXISTS (SELECT 1 FROM posts p WHERE p.id = u.id)
  ORDER BY u.id
  ON CONFLICT (post_id) DO UPDATE SET views = post_views.views + excluded.views`;

export function postgresViews(onPrimary: OnPrimary): ViewStore {
  return {
    async addViews(counts) {
      if (counts.size === 0) return;
      const ids = [...counts.keys()];
      await onPrimary((c) => c.query(ADD, [ids, ids.map((id) => counts.get(id))]));
    },
  };
}
