// A post by id or by slugs, as a record (PostReader): named statements on the read pool,
// visibility in their WHERE clause (queries.ts); go-lives and counts asked of the primary.
import type pg from "pg";
import type { PostReader, ReadOptions } from "../post-store.js";
import { NEXT_GO_LIVE, readName, readSql } from "./queries.js";
import { hasNul, namedRead, type ReadContext } from "./reads.js";
import { toPostRecord, type PostRow } from "./rows.js";

type OnPrimary = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

const COUNT_POSTS = "SELECT count(*)::int AS n FROM posts";

export function postgresPostReads(context: ReadContext, onPrimary: OnPrimary): PostReader {
  const read = async (bySlugs: boolean, keys: string[], o: ReadOptions) => {
    if (hasNul(keys)) return undefined;
    const visible = o.visibleAt !== undefined;
    const name = readName(visible, bySlugs, o.withContent);
    const values = visible ? [...keys, String(o.visibleAt)] : keys;
    const [row] = await namedRead<PostRow>(context, `post_${name}`, readSql[name], values);
    return row && toPostRecord(row);
  };
  return {
    findPostById: (id, options) => read(false, [id], options),
    findPostBySlugs: (publicationSlug, postSlug, options) =>
      read(true, [publicationSlug, postSlug], options),
    async nextGoLive(now) {
      const result = await onPrimary((c) =>
        c.query<{ t: string | null }>(NEXT_GO_LIVE, [String(now)]),
      );
      const t = result.rows[0]?.t;
      return t === null || t === undefined ? undefined : Number(t);
    },
    async countPosts() {
      const result = await onPrimary((c) => c.query<{ n: number }>(COUNT_POSTS));
      return result.rows[0]?.n ?? 0;
    },
  };
}
