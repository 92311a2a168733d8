// Posts' source documents in id order, for re-deriving their content after a renderer change
// (`folio rerender`, the start's count of posts behind), written once for both backends.
import type { PostSource } from "./records.js";
import { sql } from "./kysely.js";
import { statement, type Reads } from "./statement.js";

interface Page {
  after: string;
  below: number;
  limit: number;
}

// Ids compare byte-wise on both backends (PostgreSQL's column is of collation "C").
const LIST_POST_SOURCES = statement((db, a: Page) =>
  db
    .selectFrom("posts")
    .select(["id", "content_json as json", "renderer_version as rendererVersion"])
    .where("id", ">", a.after)
    .where("renderer_version", "<", a.below)
    .orderBy("id")
    // Cast, not bare: see limit.ts.
    .limit(sql<number>`cast(${a.limit} as integer)`),
);

/** Any version a post is stored at is below this: an int4 on PostgreSQL. */
const ANY_VERSION = 2 ** 31 - 1;

export function postSources(reads: Reads) {
  return {
    async listPostSources(after: string, limit: number, below = ANY_VERSION) {
      return (await reads.rows(LIST_POST_SOURCES, { after, below, limit })) as PostSource[];
    },
  };
}
