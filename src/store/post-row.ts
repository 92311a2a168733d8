// A post as every read selects it, and row → record, for both backends: the post, its
// publication slug, its categories and authors in order, aggregated inside the database. Only
// the aggregates differ by dialect; the drivers hand back the rest alike but for BIGINT
// (PostgreSQL: text, for it may not fit a double; our milliseconds and fids do) and for the
// aggregates (SQLite: JSON text; node-postgres: parsed), which the mapper takes either way.
import { toAuthorRecord, type AuthorJson } from "./author-columns.js";
import type { StoredPost } from "./authoring-writes.js";
import { sql, type Kysely } from "./kysely.js";
import type { PostState } from "./post-events.js";
import type { PostRecord } from "./records.js";
import type { Dialect, Row } from "./statement.js";
import type { Tables } from "./tables.js";

// An author under its record's names (AuthorJson); toAuthorRecord drops what is NULL.
const AUTHOR_FIELDS = `'id', a.id, 'publicationId', a.publication_id, 'name', a.name,
    'walletAddress', a.wallet_address, 'avatarUrl', a.avatar_url, 'bio', a.bio,
    'socialUsername', a.social_username, 'socialDisplayName', a.social_display_name,
    'socialFid', a.social_fid`;

const AUTHORS_OF_POST = `FROM post_authors pa JOIN authors a ON a.id = pa.author_id
    WHERE pa.post_id = p.id`;

const AGGREGATES: Record<Dialect, { categories: string; authors: string }> = {
  sqlite: {
    categories: `(SELECT json_group_array(c.name ORDER BY c.position)
     FROM post_categories c WHERE c.post_id = p.id)`,
    authors: `(SELECT json_group_array(json_object(${AUTHOR_FIELDS}) ORDER BY pa.position)
     ${AUTHORS_OF_POST})`,
  },
  // json_agg of no rows is NULL, not an empty array.
  postgres: {
    categories: `ARRAY(SELECT c.name FROM post_categories c WHERE c.post_id = p.id
        ORDER BY c.position)`,
    authors: `COALESCE((SELECT json_agg(json_build_object(${AUTHOR_FIELDS}) ORDER BY pa.position)
     ${AUTHORS_OF_POST}), '[]'::json)`,
  },
};

const PLAIN = [
  ...["p.id", "p.publication_id", "pub.slug as publication_slug", "p.slug", "p.title"],
  ...["p.subtitle", "p.image_url", "p.status", "p.published_at", "p.updated_at", "p.coin_id"],
] as const;

const CONTENT = ["p.content_json", "p.static_html", "p.markdown"] as const;

/** What the authoring API reads of a post it writes, beyond the wire's columns. */
const STORED = ["p.renderer_version", "p.post_preview", "p.send_newsletter"] as const;

/** The post columns as SQL text, for the statements still written per backend. */
export const postColumns = (dialect: Dialect) => {
  const { categories, authors } = AGGREGATES[dialect];
  return `${PLAIN.join(", ")}, ${categories} AS categories, ${authors} AS authors`;
};
export const CONTENT_COLUMNS = `, ${CONTENT.join(", ")}`;
export const STORED_COLUMNS = `${CONTENT_COLUMNS}, ${STORED.join(", ")}`;
export const POSTS_FROM = `FROM posts p JOIN publications pub ON pub.id = p.publication_id`;

/** The posts with their publications, as a statement written once (statement.ts) reads them. */
export function selectPosts(db: Kysely<Tables>, dialect: Dialect) {
  const { categories, authors } = AGGREGATES[dialect];
  return db
    .selectFrom("posts as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .select(PLAIN)
    .select([
      sql.raw<string | string[]>(categories).as("categories"),
      sql.raw<string | AuthorJson[]>(authors).as("authors"),
    ]);
}

/** The same, with the post's content. */
export const selectPostsWithContent = (db: Kysely<Tables>, dialect: Dialect) =>
  selectPosts(db, dialect).select(CONTENT);

/** The same, with every stored field the authoring API carries over (StoredRow). */
export const selectStoredPosts = (db: Kysely<Tables>, dialect: Dialect) =>
  selectPostsWithContent(db, dialect).select(STORED);

type Plain = "id" | "publication_id" | "slug" | "title" | "subtitle" | "image_url" | "status";

export interface PostRow
  extends
    Row<"posts", Plain | "published_at" | "updated_at" | "coin_id">,
    Partial<Row<"posts", "content_json" | "static_html" | "markdown">> {
  publication_slug: string;
  categories: string | string[];
  authors: string | AuthorJson[];
}

/** An aggregate as the driver hands it: JSON text (SQLite) or already parsed (PostgreSQL). */
const parsed = <T>(value: string | T[]): T[] =>
  typeof value === "string" ? (JSON.parse(value) as T[]) : value;

/** NULL becomes an omitted field; content is present only when the row selected it. */
export function toPostRecord(row: PostRow): PostRecord {
  const post: PostRecord = {
    id: row.id,
    publicationId: row.publication_id,
    publicationSlug: row.publication_slug,
    slug: row.slug,
    title: row.title,
    status: row.status,
    updatedAt: Number(row.updated_at),
    categories: parsed(row.categories),
    authors: parsed(row.authors).map(toAuthorRecord),
  };
  if (row.subtitle !== null) post.subtitle = row.subtitle;
  if (row.image_url !== null) post.imageUrl = row.image_url;
  if (row.published_at !== null) post.publishedAt = Number(row.published_at);
  if (row.coin_id !== null) post.coinId = row.coin_id;
  if (row.content_json !== undefined) {
    const { static_html: staticHtml = "", markdown = "" } = row;
    post.content = { json: row.content_json, staticHtml, markdown };
  }
  return post;
}

/** A post with its content, as the outbox compares it with what was last announced. */
export function toPostState(row: PostRow): PostState {
  const post = toPostRecord(row);
  return { ...post, authorIds: post.authors.map((a) => a.id), content: post.content! };
}

/** A post as the authoring API reads what it writes (STORED_COLUMNS). */
export interface StoredRow extends PostRow {
  content_json: string;
  static_html: string;
  markdown: string;
  renderer_version: number;
  post_preview: string | null;
  /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
  send_newsletter: boolean | number;
}

export function toStoredPost(row: StoredRow): StoredPost {
  const post = toPostRecord(row) as StoredPost;
  post.rendererVersion = row.renderer_version;
  post.sendNewsletter = Boolean(row.send_newsletter);
  if (row.post_preview !== null) post.postPreview = row.post_preview;
  return post;
}
