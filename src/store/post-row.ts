// Row → record mapping shared by the backends: the columns every backend returns alike.
// Each backend decodes only what its driver hands back differently (BIGINT strings,
// JSON text or native arrays) and passes it in as `decoded`.
import type { AuthorRecord, PostRecord, PostStatus } from "./post-store.js";

export interface PostRowColumns {
  id: string;
  publication_id: string;
  publication_slug: string;
  slug: string;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  status: PostStatus;
  coin_id: string | null;
  content_json?: string;
  static_html?: string;
  markdown?: string;
}

interface DecodedColumns {
  updatedAt: number;
  publishedAt: number | null;
  categories: string[];
  authors: AuthorRecord[];
}

/** NULL becomes an omitted field; content is present only when the row selected it. */
export function postRecordFrom(row: PostRowColumns, decoded: DecodedColumns): PostRecord {
  const { updatedAt, publishedAt, categories, authors } = decoded;
  const post: PostRecord = {
    id: row.id,
    publicationId: row.publication_id,
    publicationSlug: row.publication_slug,
    slug: row.slug,
    title: row.title,
    status: row.status,
    updatedAt,
    categories,
    authors,
  };
  if (row.subtitle !== null) post.subtitle = row.subtitle;
  if (row.image_url !== null) post.imageUrl = row.image_url;
  if (publishedAt !== null) post.publishedAt = publishedAt;
  if (row.coin_id !== null) post.coinId = row.coin_id;
  if (row.content_json !== undefined) {
    const { static_html: staticHtml = "", markdown = "" } = row;
    post.content = { json: row.content_json, staticHtml, markdown };
  }
  return post;
}
