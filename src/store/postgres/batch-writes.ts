// Writing checked records as a few multi-row statements per batch. Columns travel as one
// array parameter each (unnest), so a statement's size does not depend on the batch's.
import { noteLists, type ChangeSet } from "../change-notice.js";
import type {
  ApiKeyInput,
  AuthorInput,
  MediaInput,
  NumberedRecord,
  PostInput,
  PublicationInput,
} from "../post-store.js";
import { authorColumns } from "../author-columns.js";
import { postColumns } from "../post-columns.js";
import { publicationColumns } from "../publication-columns.js";
import { UPSERT_AUTHORS, UPSERT_PUBLICATIONS, WRITE_POSTS } from "./batch-statements.js";
import { writeApiKeys, writeMedia, writePostsKept } from "./kept-writes.js";
import type { Pipeline } from "./pipeline.js";

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
