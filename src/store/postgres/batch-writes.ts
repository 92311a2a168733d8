// Writing checked records as a few multi-row statements per batch. Columns travel as one
// array parameter each (unnest), so a statement's size does not depend on the batch's.
import type { PoolClient } from "pg";
import { noteLists, type ChangeSet } from "../change-notice.js";
import type { AuthorInput, NumberedRecord, PostInput, PublicationInput } from "../post-store.js";
import { createdAtOf } from "../records.js";
import { authorColumns } from "../author-columns.js";
import { publicationColumns } from "../publication-columns.js";

const UPSERT_PUBLICATIONS = `INSERT INTO publications (id, slug, name, owner_user_id,
    custom_domain, custom_domain_host, summary, logo_url)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[])
  ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
    owner_user_id = excluded.owner_user_id, custom_domain = excluded.custom_domain,
    custom_domain_host = excluded.custom_domain_host, summary = excluded.summary,
    logo_url = excluded.logo_url`;

const UPSERT_AUTHORS = `INSERT INTO authors (id, publication_id, name, wallet_address,
    avatar_url, bio, social_username, social_display_name, social_fid)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[], $9::bigint[])
  ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
    name = excluded.name, wallet_address = excluded.wallet_address,
    avatar_url = excluded.avatar_url, bio = excluded.bio,
    social_username = excluded.social_username,
    social_display_name = excluded.social_display_name, social_fid = excluded.social_fid
  WHERE (authors.publication_id, authors.name, authors.wallet_address, authors.avatar_url,
    authors.bio, authors.social_username, authors.social_display_name, authors.social_fid)
    IS DISTINCT FROM (excluded.publication_id, excluded.name, excluded.wallet_address,
    excluded.avatar_url, excluded.bio, excluded.social_username,
    excluded.social_display_name, excluded.social_fid)
  RETURNING id`;

const UPSERT_POSTS = `INSERT INTO posts (id, publication_id, slug, title, subtitle, image_url,
    status, published_at, updated_at, coin_id, renderer_version, content_json, static_html,
    markdown, post_preview, send_newsletter, created_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::int[],
    $12::text[], $13::text[], $14::text[], $15::text[], $16::boolean[], $17::bigint[])
  ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
    slug = excluded.slug, title = excluded.title, subtitle = excluded.subtitle,
    image_url = excluded.image_url, status = excluded.status,
    published_at = excluded.published_at, updated_at = excluded.updated_at,
    coin_id = excluded.coin_id, renderer_version = excluded.renderer_version,
    content_json = excluded.content_json, static_html = excluded.static_html,
    markdown = excluded.markdown, post_preview = excluded.post_preview,
    send_newsletter = excluded.send_newsletter`;

// An upsert replaces a post's authors and categories: the old lists go, the new ones come.
const CLEAR_AUTHORS = `DELETE FROM post_authors WHERE post_id = ANY($1::text[])`;
const ADD_AUTHORS = `INSERT INTO post_authors (post_id, position, author_id)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[])`;
// The categories a post leaves, for the change notice (their tag lists change).
const CLEAR_CATEGORIES = `DELETE FROM post_categories WHERE post_id = ANY($1::text[])
  RETURNING name`;
// Each category row carries its post's status and time, so a tag list is one index range
// (a trigger keeps them equal when only the post changes; migrations.ts).
const ADD_CATEGORIES = `INSERT INTO post_categories (post_id, position, name, status, published_at)
  SELECT c.post_id, c.position, c.name, p.status, p.published_at
    FROM unnest($1::text[], $2::int[], $3::text[]) AS c(post_id, position, name)
    JOIN posts p ON p.id = c.post_id`;
// The publications the posts were in before this write: their lists lose them.
const PREVIOUS_PUBLICATIONS = `SELECT DISTINCT publication_id FROM posts WHERE id = ANY($1::text[])`;

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
 * Publications first, then authors, then posts: each may only refer to what came before.
 * Resolves to the authors that are new or changed (a same-valued line updates nothing).
 */
export async function writePart(
  client: PoolClient,
  part: readonly NumberedRecord[],
  changed: ChangeSet,
): Promise<string[]> {
  const of = <T extends NumberedRecord["record"]["type"]>(type: T) =>
    part.map((item) => item.record).filter((r) => r.type === type);
  const publications = of("publication") as PublicationInput[];
  const authors = of("author") as AuthorInput[];
  const posts = of("post") as PostInput[];
  if (publications.length > 0) {
    await client.query(UPSERT_PUBLICATIONS, columns(publications, publicationColumns));
  }
  let written: string[] = [];
  if (authors.length > 0) {
    const result = await client.query<{ id: string }>(
      UPSERT_AUTHORS,
      columns(authors, authorColumns),
    );
    written = result.rows.map((r) => r.id);
  }
  if (posts.length > 0) await writePosts(client, posts, changed);
  return written;
}

async function writePosts(client: PoolClient, posts: readonly PostInput[], changed: ChangeSet) {
  const ids = [posts.map((p) => p.id)];
  // Once a notice says "everything", what the posts left no longer needs asking.
  if (!changed.all) {
    const before = await client.query<{ publication_id: string }>(PREVIOUS_PUBLICATIONS, ids);
    noteLists(
      changed,
      before.rows.map((r) => r.publication_id),
      [],
    );
  }
  await client.query(
    UPSERT_POSTS,
    columns(posts, (p) => [
      ...[p.id, p.publicationId, p.slug, p.title, p.subtitle, p.imageUrl, p.status],
      ...[p.publishedAt, p.updatedAt, p.coinId, p.rendererVersion],
      ...[p.content.json, p.content.staticHtml, p.content.markdown],
      ...[p.postPreview, p.sendNewsletter === true, createdAtOf(p)],
    ]),
  );
  const listed = (list: (p: PostInput) => string[]) =>
    posts.flatMap((p) => list(p).map((value, i) => [p.id, i, value] as const));
  const authors = listed((p) => p.authorIds);
  const categories = listed((p) => p.categories);
  await client.query(CLEAR_AUTHORS, ids);
  if (authors.length > 0)
    await client.query(
      ADD_AUTHORS,
      columns(authors, (r) => [...r]),
    );
  const left = await client.query<{ name: string }>(CLEAR_CATEGORIES, ids);
  noteLists(
    changed,
    [],
    left.rows.map((r) => r.name),
  );
  if (categories.length > 0) {
    await client.query(
      ADD_CATEGORIES,
      columns(categories, (r) => [...r]),
    );
  }
}
