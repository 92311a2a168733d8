// Row → record mapping for the PostgreSQL store: NULL becomes an omitted field.
// node-postgres returns BIGINT as a string (it may not fit a double); our millisecond
// timestamps and fids do, so they become numbers here.
import type { StoredPost } from "../authoring-writes.js";
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

/** A post as the authoring API reads what it writes (queries.ts, storedColumns). */
export interface StoredRow extends PostRow {
  content_json: string;
  static_html: string;
  markdown: string;
  renderer_version: number;
  post_preview: string | null;
  send_newsletter: boolean;
}

export function toStoredPost(row: StoredRow): StoredPost {
  const post = toPostRecord(row) as StoredPost;
  post.rendererVersion = row.renderer_version;
  post.sendNewsletter = row.send_newsletter;
  if (row.post_preview !== null) post.postPreview = row.post_preview;
  return post;
}
