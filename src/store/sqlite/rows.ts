// Row → record mapping for the SQLite store: NULL becomes an omitted field.
import type { PostRecord } from "../post-store.js";
import { toAuthorRecord, type AuthorJson } from "../author-columns.js";
import { postRecordFrom, type PostRowColumns } from "../post-row.js";

export interface PostRow extends PostRowColumns {
  published_at: number | null;
  updated_at: number;
  categories: string;
  authors: string;
}

export function toPostRecord(row: PostRow): PostRecord {
  return postRecordFrom(row, {
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    categories: JSON.parse(row.categories) as string[],
    authors: (JSON.parse(row.authors) as AuthorJson[]).map(toAuthorRecord),
  });
}
