// The read statements. Each read is one round-trip: the post, its publication slug, its
// authors and categories in order, aggregated inside PostgreSQL. They are named, so each
// pooled connection parses and plans them once.

import { scheduledWhere, visibleWhere } from "../visibility.js";

// json_strip_nulls drops absent optional fields, so an author arrives in its wire shape.
export const authorJson = `json_strip_nulls(json_build_object(
    'id', a.id, 'publicationId', a.publication_id, 'name', a.name,
    'walletAddress', a.wallet_address, 'avatarUrl', a.avatar_url, 'bio', a.bio,
    'social', CASE WHEN a.social_username IS NOT NULL AND a.social_fid IS NOT NULL
      THEN json_build_object('username', a.social_username,
        'displayName', a.social_display_name, 'fid', a.social_fid) END))`;

export const columns = `
  p.id, p.publication_id, pub.slug AS publication_slug, p.slug, p.title, p.subtitle,
  p.image_url, p.status, p.published_at, p.updated_at, p.coin_id,
  ARRAY(SELECT c.name FROM post_categories c WHERE c.post_id = p.id
        ORDER BY c.position) AS categories,
  COALESCE((SELECT json_agg(${authorJson} ORDER BY pa.position)
     FROM post_authors pa JOIN authors a ON a.id = pa.author_id
    WHERE pa.post_id = p.id), '[]'::json) AS authors`;

export const contentColumns = `, p.content_json, p.static_html, p.markdown`;

export const from = `FROM posts p JOIN publications pub ON pub.id = p.publication_id`;
const byId = `WHERE p.id = $1`;
const bySlugs = `WHERE pub.slug = $1 AND p.slug = $2`;
// In the WHERE clause: a hidden row fails it before its authors, categories or content are
// read, so it costs what a missing one costs. `now` follows the lookup keys.
const visibleById = `${byId} AND ${visibleWhere("p", "$2")}`;
const visibleBySlugs = `${bySlugs} AND ${visibleWhere("p", "$3")}`;

export const readSql = {
  byId: `SELECT ${columns} ${from} ${byId}`,
  byIdWithContent: `SELECT ${columns}${contentColumns} ${from} ${byId}`,
  bySlugs: `SELECT ${columns} ${from} ${bySlugs}`,
  bySlugsWithContent: `SELECT ${columns}${contentColumns} ${from} ${bySlugs}`,
  visibleById: `SELECT ${columns} ${from} ${visibleById}`,
  visibleByIdWithContent: `SELECT ${columns}${contentColumns} ${from} ${visibleById}`,
  visibleBySlugs: `SELECT ${columns} ${from} ${visibleBySlugs}`,
  visibleBySlugsWithContent: `SELECT ${columns}${contentColumns} ${from} ${visibleBySlugs}`,
} as const;

export type ReadName = keyof typeof readSql;

const READ_NAMES: readonly (readonly (readonly ReadName[])[])[] = [
  [
    ["byId", "byIdWithContent"],
    ["bySlugs", "bySlugsWithContent"],
  ],
  [
    ["visibleById", "visibleByIdWithContent"],
    ["visibleBySlugs", "visibleBySlugsWithContent"],
  ],
];

/** The statement for a lookup: visible or any, by id or slugs, with or without content. */
export function readName(visible: boolean, bySlugs: boolean, withContent: boolean): ReadName {
  return READ_NAMES[+visible]![+bySlugs]![+withContent]!;
}

export const NEXT_GO_LIVE = `SELECT min(p.published_at) AS t FROM posts p
  WHERE ${scheduledWhere("p", "$1")}`;

/** Post sources in id order, for re-deriving content; ids compare byte-wise ("C"). */
export const LIST_POST_SOURCES = `SELECT id, content_json AS json, renderer_version AS "rendererVersion"
  FROM posts WHERE id > $1 AND renderer_version < $2 ORDER BY id LIMIT $3`;

/** Posts by id with content, for events (webhooks): one round trip for a batch. */
export const POSTS_BY_IDS = `SELECT ${columns}${contentColumns} ${from}
  WHERE p.id = ANY($1::text[])`;

/** What the authoring API reads of a post it writes, beyond the wire's columns. */
export const storedColumns = `${contentColumns}, p.renderer_version, p.post_preview,
  p.send_newsletter`;

/** Posts as written, by id: their bodies are stored from these rows, and the answer read. */
export const STORED_POSTS_BY_IDS = `SELECT ${columns}${storedColumns} ${from}
  WHERE p.id = ANY($1::text[])`;
