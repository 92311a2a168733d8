// The import and API writes' statements on SQLite, prepared once per connection rather than
// once per write transaction (an API write opens one per request).
import type { Database, Statement } from "better-sqlite3";
import { POST_COLUMN_NAMES, POST_UPSERT_SET } from "../post-columns.js";

const prepared = new WeakMap<Database, WriteStatements>();

export function writeStatements(db: Database): WriteStatements {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = prepareAll(db);
    prepared.set(db, statements);
  }
  return statements;
}

export type WriteStatements = Record<
  | "publicationById"
  | "publicationBySlug"
  | "upsertPublication"
  | "authorById"
  | "upsertAuthor"
  | "postBySlug"
  | "publicationOfPost"
  | "upsertPost"
  | "clearAuthors"
  | "addAuthor"
  | "clearCategories"
  | "addCategory",
  Statement
>;

function prepareAll(db: Database): WriteStatements {
  const prepare = (text: string): Statement => db.prepare(text);
  return {
    publicationById: prepare(`SELECT 1 FROM publications WHERE id = ?`).pluck(),
    publicationBySlug: prepare(`SELECT id FROM publications WHERE slug = ?`).pluck(),
    upsertPublication: prepare(`INSERT INTO publications (id, slug, name, owner_user_id,
        custom_domain, custom_domain_host, summary, logo_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
        owner_user_id = excluded.owner_user_id, custom_domain = excluded.custom_domain,
        custom_domain_host = excluded.custom_domain_host, summary = excluded.summary,
        logo_url = excluded.logo_url`),
    authorById: prepare(`SELECT 1 FROM authors WHERE id = ?`).pluck(),
    upsertAuthor: prepare(`INSERT INTO authors (id, publication_id, name, wallet_address,
        avatar_url, bio, social_username, social_display_name, social_fid)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
        name = excluded.name, wallet_address = excluded.wallet_address,
        avatar_url = excluded.avatar_url, bio = excluded.bio,
        social_username = excluded.social_username,
        social_display_name = excluded.social_display_name, social_fid = excluded.social_fid
      WHERE (authors.publication_id, authors.name, authors.wallet_address, authors.avatar_url,
        authors.bio, authors.social_username, authors.social_display_name, authors.social_fid)
        IS NOT (excluded.publication_id, excluded.name, excluded.wallet_address,
        excluded.avatar_url, excluded.bio, excluded.social_username,
        excluded.social_display_name, excluded.social_fid)`),
    postBySlug: prepare(`SELECT id FROM posts WHERE publication_id = ? AND slug = ?`).pluck(),
    publicationOfPost: prepare(`SELECT publication_id FROM posts WHERE id = ?`).pluck(),
    upsertPost: prepare(`INSERT INTO posts (${POST_COLUMN_NAMES})
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET ${POST_UPSERT_SET}`),
    clearAuthors: prepare(`DELETE FROM post_authors WHERE post_id = ?`),
    addAuthor: prepare(`INSERT INTO post_authors (post_id, position, author_id) VALUES (?, ?, ?)`),
    // The categories a post leaves, for the change notice (their tag lists change).
    clearCategories: prepare(
      `DELETE FROM post_categories WHERE post_id = ? RETURNING name`,
    ).pluck(),
    // Each category row carries its post's status and time, so a tag list is one index
    // range (a trigger keeps them equal when only the post changes; migrations.ts).
    addCategory: prepare(`INSERT INTO post_categories (post_id, position, name, status,
      published_at) VALUES (?, ?, ?, ?, ?)`),
  };
}
