// Row → record mapping for the SQLite store: NULL becomes an omitted field.
import type { AuthorRecord, PostRecord } from "../post-store.js";
import { socialOf } from "../author-columns.js";
import { postRecordFrom, type PostRowColumns } from "../post-row.js";

export interface PostRow extends PostRowColumns {
  published_at: number | null;
  updated_at: number;
  categories: string;
  authors: string;
}

export interface AuthorJson {
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
  return postRecordFrom(row, {
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    categories: JSON.parse(row.categories) as string[],
    authors: (JSON.parse(row.authors) as AuthorJson[]).map(toAuthorRecord),
  });
}

export function toAuthorRecord(a: AuthorJson): AuthorRecord {
  const author: AuthorRecord = { id: a.id, publicationId: a.publicationId, name: a.name };
  if (a.walletAddress !== null) author.walletAddress = a.walletAddress;
  if (a.avatarUrl !== null) author.avatarUrl = a.avatarUrl;
  if (a.bio !== null) author.bio = a.bio;
  const social = socialOf(a.socialUsername, a.socialDisplayName, a.socialFid);
  if (social !== undefined) author.social = social;
  return author;
}
