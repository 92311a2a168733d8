// The read statements, written once and prepared once per connection.
// Each read is one indexed statement: the post, its publication slug, its authors
// and categories in order (aggregated as JSON inside SQLite).

const columns = `
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

const contentColumns = `, p.content_json, p.static_html, p.markdown`;

const from = `FROM posts p JOIN publications pub ON pub.id = p.publication_id`;

export const readSql = {
  byId: `SELECT ${columns} ${from} WHERE p.id = ?`,
  byIdWithContent: `SELECT ${columns}${contentColumns} ${from} WHERE p.id = ?`,
  bySlugs: `SELECT ${columns} ${from} WHERE pub.slug = ? AND p.slug = ?`,
  bySlugsWithContent: `SELECT ${columns}${contentColumns} ${from} WHERE pub.slug = ? AND p.slug = ?`,
} as const;
