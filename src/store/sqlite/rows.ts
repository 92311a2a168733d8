// Row → record mapping for the SQLite store: NULL becomes an omitted field.
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
  published_at: number | null;
  updated_at: number;
  coin_id: string | null;
  categories: string;
  authors: string;
  content_json?: string;
  static_html?: string;
  markdown?: string;
}

interface AuthorJson {
  id: string;
  publicationId: string;
  name: string;
  walletAddress: string | null;
  avatarUrl: string | null;
  bio: string | null;
  socialUsername: string | null;
  socialDisplayName: string | null;
  socialFid: number | null;
}

export function toPostRecord(row: PostRow): PostRecord {
  const post: PostRecord = {
    id: row.id,
    publicationId: row.publication_id,
    publicationSlug: row.publication_slug,
    slug: row.slug,
    title: row.title,
    status: row.status,
    updatedAt: row.updated_at,
    categories: JSON.parse(row.categories) as string[],
    authors: (JSON.parse(row.authors) as AuthorJson[]).map(toAuthorRecord),
  };
  if (row.subtitle !== null) post.subtitle = row.subtitle;
  if (row.image_url !== null) post.imageUrl = row.image_url;
  if (row.published_at !== null) post.publishedAt = row.published_at;
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

export function toAuthorRecord(a: AuthorJson): AuthorRecord {
  const author: AuthorRecord = { id: a.id, publicationId: a.publicationId, name: a.name };
  if (a.walletAddress !== null) author.walletAddress = a.walletAddress;
  if (a.avatarUrl !== null) author.avatarUrl = a.avatarUrl;
  if (a.bio !== null) author.bio = a.bio;
  if (a.socialUsername !== null && a.socialFid !== null) {
    author.social = { username: a.socialUsername, fid: a.socialFid };
    if (a.socialDisplayName !== null) author.social.displayName = a.socialDisplayName;
  }
  return author;
}
