// Row → record mapping for the PostgreSQL store: NULL becomes an omitted field.
// node-postgres returns BIGINT as a string (it may not fit a double); our millisecond
// timestamps and fids do, so they become numbers here.
import type { AuthorRecord, PostRecord } from "../post-store.js";
import { postRecordFrom, type PostRowColumns } from "../post-row.js";

export interface PostRow extends PostRowColumns {
  published_at: string | null;
  updated_at: string;
  categories: string[];
  /** Already in record shape: built with json_strip_nulls in queries.ts. */
  authors: AuthorRecord[];
}

export function toPostRecord(row: PostRow): PostRecord {
  return postRecordFrom(row, {
    updatedAt: Number(row.updated_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    categories: row.categories,
    authors: row.authors,
  });
}
