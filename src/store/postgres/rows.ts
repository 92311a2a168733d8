// Row → record mapping for the PostgreSQL store: NULL becomes an omitted field.
// node-postgres returns BIGINT as a string (it may not fit a double); our millisecond
// timestamps and fids do, so they become numbers here.
import type { AuthorRecord, PostRecord, PostStatus } from "../post-store.js";

export interface PostRow {
  id: string;
  publication_id: string;
  publication_slug: string;
  slug: string;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  status: PostStatus;
  published_at: string | null;
  updated_at: string;
  coin_id: string | null;
  categories: string[];
  /** Already in record shape: built with json_strip_nulls in queries.ts. */
  authors: AuthorRecord[];
  content_json?: string;
  static_html?: string;
  markdown?: string;
}

export function toPostRecord(row: PostRow): PostRecord {
  const post: PostRecord = {
    id: row.id,
    publicationId: row.publication_id,
    publicationSlug: row.publication_slug,
    slug: row.slug,
    title: row.title,
    status: row.status,
    updatedAt: Number(row.updated_at),
    categories: row.categories,
    authors: row.authors,
  };
  if (row.subtitle !== null) post.subtitle = row.subtitle;
  if (row.image_url !== null) post.imageUrl = row.image_url;
  if (row.published_at !== null) post.publishedAt = Number(row.published_at);
  if (row.coin_id !== null) post.coinId = row.coin_id;
  if (row.content_json !== undefined) {
    post.content = {
      json: row.content_json,
      staticHtml: row.static_html ?? "",
      markdown: row.markdown ?? "",
    };
  }
  return post;
}
