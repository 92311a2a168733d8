// The read statements, written once and prepared once per connection.
// Each read is one indexed statement: the post, its publication slug, its authors
// and categories in order (aggregated as JSON inside SQLite).
import { scheduledWhere, visibleWhere } from "../visibility.js";

export const columns = `
  p.id, p.publication_id, pub.slug AS publication_slug, p.slug, p.title, p.subtitle,
  p.image_url, p.status, p.published_at, p.updated_at, p.coin_id,
  (SELECT json_group_array(c.name ORDER BY c.position)
     FROM post_categories c WHERE c.post_id = p.id) AS categories,
  (SELECT json_group_array(json_object(
            'id', a.id, 'publicationId', a.publication_id, 'name', a.name,
            'walletAddress', a.wallet_address, 'avatarUrl', a.avatar_url, 'bio', a.bio,
            'socialUsername', a.social_username, 'socialDisplayName', a.social_display_name,
            'socialFid', a.social_fid) ORDER BY pa.position)
     FROM post_authors pa JOIN authors a ON a.id = pa.author_id
    WHERE pa.post_id = p.id) AS authors`;

export const contentColumns = `, p.content_json, p.static_html, p.markdown`;

export const from = `FROM posts p JOIN publications pub ON pub.id = p.publication_id`;

const byId = `WHERE p.id = ?`;
const bySlugs = `WHERE pub.slug = ? AND p.slug = ?`;
// The visibility test sits in the WHERE clause: a hidden row fails it before the author and
// category subqueries or the content columns are ever evaluated.
const visible = ` AND ${visibleWhere("p", "?")}`;

export const readSql = {
  byId: `SELECT ${columns} ${from} ${byId}`,
  byIdWithContent: `SELECT ${columns}${contentColumns} ${from} ${byId}`,
  bySlugs: `SELECT ${columns} ${from} ${bySlugs}`,
  bySlugsWithContent: `SELECT ${columns}${contentColumns} ${from} ${bySlugs}`,
  visibleById: `SELECT ${columns} ${from} ${byId}${visible}`,
  visibleByIdWithContent: `SELECT ${columns}${contentColumns} ${from} ${byId}${visible}`,
  visibleBySlugs: `SELECT ${columns} ${from} ${bySlugs}${visible}`,
  visibleBySlugsWithContent: `SELECT ${columns}${contentColumns} ${from} ${bySlugs}${visible}`,
  nextGoLive: `SELECT min(p.published_at) AS t FROM posts p WHERE ${scheduledWhere("p", "?")}`,
} as const;

export type ReadName = Exclude<keyof typeof readSql, "nextGoLive">;

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
