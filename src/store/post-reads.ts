// A post by id or by slugs, as a record (PostReader), written once for both backends
// (statement.ts): one indexed statement per lookup kind, named so a pooled PostgreSQL
// connection parses and plans it once.
import type { PostReader, PostRecord, ReadOptions } from "./post-store.js";
import { selectPosts, toPostRecord, type PostRow } from "./post-row.js";
import { sql, type Kysely } from "./kysely.js";
import { statement, type Dialect, type Reads, type Statement } from "./statement.js";
import type { Tables } from "./tables.js";
import { scheduledAt, visibleAt } from "./visibility.js";

type Posts = ReturnType<typeof selectPosts>;

interface ById {
  id: string;
  now?: number;
}

interface BySlugs {
  publicationSlug: string;
  postSlug: string;
  now?: number;
}

type Lookup<A> = Record<"any" | "visible", Record<"meta" | "full", Statement<A, PostRow>>>;

function lookup<A extends { now?: number }>(name: string, key: (q: Posts, a: A) => Posts) {
  const read = (visible: boolean, content: boolean, suffix: string) =>
    statement(
      (db: Kysely<Tables>, a: A, dialect: Dialect) =>
        key(selectPosts(db, dialect), a)
          .$if(content, (q) => q.select(["p.content_json", "p.static_html", "p.markdown"]))
          // In the WHERE clause: a hidden row fails it before its authors, categories or
          // content are read, so it costs what a missing one costs.
          .$if(visible, (q) => q.where(visibleAt("p", a.now))),
      `folio_v4_post_${name}${suffix}`,
    ) as Statement<A, PostRow>;
  return {
    any: { meta: read(false, false, ""), full: read(false, true, "_content") },
    visible: { meta: read(true, false, "_visible"), full: read(true, true, "_visible_content") },
  } satisfies Lookup<A>;
}

const BY_ID = lookup<ById>("by_id", (q, a) => q.where("p.id", "=", a.id));

const BY_SLUGS = lookup<BySlugs>("by_slugs", (q, a) =>
  q.where("pub.slug", "=", a.publicationSlug).where("p.slug", "=", a.postSlug),
);

/** Any post by id, with its content: what a write reads back to store its bodies. */
export const POST_WITH_CONTENT = BY_ID.any.full;

/** Any post by id, without its content: a write that holds the content it wrote reads only the rest. */
export const POST_WITHOUT_CONTENT = BY_ID.any.meta;

const NEXT_GO_LIVE = statement((db, a: { now: number }) =>
  db
    .selectFrom("posts as p")
    .select((eb) => eb.fn.min("p.published_at").as("t"))
    .where(scheduledAt("p", a.now)),
);

const COUNT = statement((db) =>
  db.selectFrom("posts").select(sql<number>`cast(count(*) as integer)`.as("n")),
);

/** `reads`: where posts are read; `primary`: where go-lives and counts are asked. */
export function postReader(reads: Reads, primary: Reads): PostReader {
  const read = async <A>(lookup: Lookup<A>, args: A, o: ReadOptions) => {
    const kind = lookup[o.visibleAt === undefined ? "any" : "visible"];
    const [row] = await reads.rows(kind[o.withContent ? "full" : "meta"], args);
    return row && toPostRecord(row);
  };
  return {
    findPostById: (id, o): Promise<PostRecord | undefined> =>
      read(BY_ID, { id, now: o.visibleAt }, o),
    findPostBySlugs: (publicationSlug, postSlug, o) =>
      read(BY_SLUGS, { publicationSlug, postSlug, now: o.visibleAt }, o),
    async nextGoLive(now) {
      const [row] = await primary.rows(NEXT_GO_LIVE, { now });
      const t = row?.t;
      return t === null || t === undefined ? undefined : Number(t);
    },
    async countPosts() {
      const [row] = await primary.rows(COUNT, {});
      return row?.n ?? 0;
    },
  };
}
