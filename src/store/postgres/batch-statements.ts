// The statements of batch-writes.ts: multi-row upserts whose columns travel as one array
// parameter each (unnest), in the order of the shared *-columns.ts helpers.

export const UPSERT_PUBLICATIONS = `INSERT INTO publications (id, slug, name, owner_user_id,
    custom_domain, custom_domain_host, summary, logo_url)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[])
  ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
    owner_user_id = excluded.owner_user_id, custom_domain = excluded.custom_domain,
    custom_domain_host = excluded.custom_domain_host, summary = excluded.summary,
    logo_url = excluded.logo_url`;

export const UPSERT_AUTHORS = `INSERT INTO authors (id, publication_id, name, wallet_address,
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

export const UPSERT_POSTS = `INSERT INTO posts (id, publication_id, slug, title, subtitle, image_url,
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
export const CLEAR_AUTHORS = `DELETE FROM post_authors WHERE post_id = ANY($1::text[])`;
export const ADD_AUTHORS = `INSERT INTO post_authors (post_id, position, author_id)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[])`;
// The categories a post leaves, for the change notice (their tag lists change).
export const CLEAR_CATEGORIES = `DELETE FROM post_categories WHERE post_id = ANY($1::text[])
  RETURNING name`;
// Each category row carries its post's status and time, so a tag list is one index range
// (a trigger keeps them equal when only the post changes; migrations.ts).
export const ADD_CATEGORIES = `INSERT INTO post_categories (post_id, position, name, status, published_at)
  SELECT c.post_id, c.position, c.name, p.status, p.published_at
    FROM unnest($1::text[], $2::int[], $3::text[]) AS c(post_id, position, name)
    JOIN posts p ON p.id = c.post_id`;
// The publications the posts were in before this write: their lists lose them.
export const PREVIOUS_PUBLICATIONS = `SELECT DISTINCT publication_id FROM posts WHERE id = ANY($1::text[])`;
