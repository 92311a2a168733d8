// Writing checked records as a few multi-row statements per batch. Columns travel as one
// array parameter each (unnest), in the order of the shared *-columns.ts helpers, so a
// statement's size does not depend on the batch's.
import { noteLists, type ChangeSet } from "../change-notice.js";
import type {
  ApiKeyInput,
  AuthorInput,
  MediaInput,
  NumberedRecord,
  PostInput,
  PublicationInput,
} from "../post-store.js";
import {
  AUTHOR_COLUMN_NAMES,
  AUTHOR_UPSERT_SET,
  authorColumns,
  authorDiffers,
} from "../author-columns.js";
import { POST_COLUMN_NAMES, POST_UPSERT_SET, postColumns } from "../post-columns.js";
import {
  PUBLICATION_COLUMN_NAMES,
  PUBLICATION_UPSERT_SET,
  publicationColumns,
} from "../publication-columns.js";
import { writeApiKeys, writeMedia, writePostsKept } from "./kept-writes.js";
import type { Pipeline } from "./pipeline.js";

const UPSERT_PUBLICATIONS = `INSERT INTO publications (${PUBLICATION_COLUMN_NAMES})
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[])
  ON CONFLICT (id) DO UPDATE SET ${PUBLICATION_UPSERT_SET}`;

const UPSERT_AUTHORS = `INSERT INTO authors (${AUTHOR_COLUMN_NAMES})
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[], $9::bigint[])
  ON CONFLICT (id) DO UPDATE SET ${AUTHOR_UPSERT_SET} WHERE ${authorDiffers("IS DISTINCT FROM")}
  RETURNING id`;

// A batch's posts, their authors and their categories in one statement. The posts travel as
// $1–$17 (postColumns' order: $1 id, $7 status, $8 published_at), the authors as $18–$20 and
// the categories as $21–$23 (post id, position, value). A post's lists are set by position
// and cut after their new length: one statement cannot delete a row and insert its key
// again. Every part reads the rows as they were before the statement, so the answer holds
// the publications the posts were in (their lists lose them) and every category they had
// (their tag lists change). Each category row carries its post's status and time, so a tag
// list is one index range (a trigger keeps them equal when only the post changes;
// schema-discovery.ts).
const WRITE_POSTS = `WITH prior AS (
    SELECT publication_id FROM posts WHERE id = ANY($1::text[])
  ), prior_categories AS (
    SELECT name FROM post_categories WHERE post_id = ANY($1::text[])
  ), written AS (
    INSERT INTO posts (${POST_COLUMN_NAMES})
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
      $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::int[],
      $12::text[], $13::text[], $14::text[], $15::text[], $16::boolean[], $17::bigint[])
    ON CONFLICT (id) DO UPDATE SET ${POST_UPSERT_SET}
  ), new_authors AS (
    SELECT * FROM unnest($18::text[], $19::int[], $20::text[]) AS a(post_id, position, author_id)
  ), set_authors AS (
    INSERT INTO post_authors (post_id, position, author_id) SELECT * FROM new_authors
    ON CONFLICT (post_id, position) DO UPDATE SET author_id = excluded.author_id
  ), cut_authors AS (
    DELETE FROM post_authors o WHERE o.post_id = ANY($1::text[]) AND NOT EXISTS
      (SELECT 1 FROM new_authors n WHERE n.post_id = o.post_id AND n.position = o.position)
  ), new_categories AS (
    SELECT c.post_id, c.position, c.name, p.status, p.published_at
      FROM unnest($21::text[], $22::int[], $23::text[]) AS c(post_id, position, name)
      JOIN unnest($1::text[], $7::text[], $8::bigint[]) AS p(id, status, published_at)
        ON p.id = c.post_id
  ), set_categories AS (
    INSERT INTO post_categories (post_id, position, name, status, published_at)
    SELECT * FROM new_categories
    ON CONFLICT (post_id, position) DO UPDATE SET name = excluded.name,
      status = excluded.status, published_at = excluded.published_at
  ), cut_categories AS (
    DELETE FROM post_categories o WHERE o.post_id = ANY($1::text[]) AND NOT EXISTS
      (SELECT 1 FROM new_categories n WHERE n.post_id = o.post_id AND n.position = o.position)
  )
  SELECT ARRAY(SELECT DISTINCT publication_id FROM prior) AS publications,
    ARRAY(SELECT name FROM prior_categories) AS categories`;

/** Columns of rows: one array per column, in the statement's order. */
function columns<T>(rows: readonly T[], pick: (row: T) => unknown[]): unknown[][] {
  const width = rows.length > 0 ? pick(rows[0]!).length : 0;
  const out: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) pick(row).forEach((value, i) => out[i]!.push(value ?? null));
  return out;
}

/**
 * One upsert statement cannot touch the same row twice, so a batch is cut wherever an id
 * comes back; within a part, rows keep file order, which the unique checks rely on.
 */
export function partsWithDistinctIds(batch: readonly NumberedRecord[]): NumberedRecord[][] {
  const parts: NumberedRecord[][] = [];
  let part: NumberedRecord[] = [];
  let seen = new Set<string>();
  for (const item of batch) {
    const id = `${item.record.type}:${item.record.id}`;
    if (seen.has(id)) {
      parts.push(part);
      part = [];
      seen = new Set();
    }
    seen.add(id);
    part.push(item);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/**
 * Publications first, then authors, then posts, then keys and images: each may only refer to what came
 * before. Endpoints are not written here (writes.ts writes them after the batch's events).
 * Every statement is issued before this returns, so the parts of a batch keep their order
 * and what the caller issues next goes in the same round trip. Resolves to the authors
 * that are new or changed (a same-valued line updates nothing).
 */
export async function writePart(
  sql: Pipeline,
  part: readonly NumberedRecord[],
  changed: ChangeSet,
): Promise<string[]> {
  const of = <T extends NumberedRecord["record"]["type"]>(type: T) =>
    part.map((item) => item.record).filter((r) => r.type === type);
  const publications = of("publication") as PublicationInput[];
  const authors = of("author") as AuthorInput[];
  const posts = of("post") as PostInput[];
  if (publications.length > 0) {
    sql.send(UPSERT_PUBLICATIONS, columns(publications, publicationColumns));
  }
  const authorsWritten =
    authors.length > 0
      ? sql.query<{ id: string }>(UPSERT_AUTHORS, columns(authors, authorColumns))
      : undefined;
  const postsWritten = posts.length > 0 ? writePosts(sql, posts, changed) : undefined;
  writePostsKept(sql, posts);
  writeApiKeys(sql, of("apiKey") as ApiKeyInput[]);
  writeMedia(sql, of("media") as MediaInput[]);
  const [written] = await Promise.all([authorsWritten, postsWritten]);
  return written?.rows.map((r) => r.id) ?? [];
}

async function writePosts(sql: Pipeline, posts: readonly PostInput[], changed: ChangeSet) {
  const result = await sql.query<{ publications: string[]; categories: string[] }>(WRITE_POSTS, [
    ...columns(posts, (p) => postColumns(p, (yes) => yes)),
    ...positioned(posts, (p) => p.authorIds),
    ...positioned(posts, (p) => p.categories),
  ]);
  const before = result.rows[0]!;
  noteLists(changed, before.publications, before.categories);
}

/** A list of each post as three columns: the post's id, the position, the value. */
function positioned(posts: readonly PostInput[], list: (post: PostInput) => string[]) {
  const out: [string[], number[], string[]] = [[], [], []];
  for (const post of posts) {
    list(post).forEach((value, position) => {
      out[0].push(post.id);
      out[1].push(position);
      out[2].push(value);
    });
  }
  return out;
}
