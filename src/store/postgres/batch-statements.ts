// The statements of batch-writes.ts: multi-row upserts whose columns travel as one array
// parameter each (unnest), in the order of the shared *-columns.ts helpers.
import { POST_COLUMN_NAMES, POST_UPSERT_SET } from "../post-columns.js";

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

// A batch's posts, their authors and their categories in one statement. The posts travel as
// $1–$17 (postColumns' order: $1 id, $7 status, $8 published_at), the authors as $18–$20 and
// the categories as $21–$23 (post id, position, value). A post's lists are set by position
// and cut after their new length: one statement cannot delete a row and insert its key
// again. Every part reads the rows as they were before the statement, so the answer holds
// the publications the posts were in (their lists lose them) and every category they had
// (their tag lists change). Each category row carries its post's status and time, so a tag
// list is one index range (a trigger keeps them equal when only the post changes;
// schema-discovery.ts).
export const WRITE_POSTS = `WITH prior AS (
    SELECT publication_id FROM posts WHERE id = ANY($1::text[])
  ), prior_categories AS (
    SELECT name FROM post_categories WHERE post_id = ANY($1::text[])
  ), written AS (
    INSERT INTO posts (${POST_COLUMN_NAMES})
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
      $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::int[],
      $12::text[], $13::text[], $14::text[], $15::text[], $16::boolean[], $17::bigint[])
    ON CONFLICT (id) DO UPDATE SET ${POST_UPSERT_SET}
  ), new_authors AS (
    SELECT * FROM unnest($18::text[], $19::int[], $20::text[]) AS a(post_id, position, author_id)
  ), set_authors AS (
    INSERT INTO post_authors (post_id, position, author_id) SELECT * FROM new_authors
    ON CONFLICT (post_id, position) DO UPDATE SET author_id = excluded.author_id
  ), cut_authors AS (
    DELETE FROM post_authors o WHERE o.post_id = ANY($1::text[]) AND NOT EXISTS
      (SELECT 1 FROM new_authors n WHERE n.post_id = o.post_id AND n.position = o.position)
  ), new_categories AS (
    SELECT c.post_id, c.position, c.name, p.status, p.published_at
      FROM unnest($21::text[], $22::int[], $23::text[]) AS c(post_id, position, name)
      JOIN unnest($1::text[], $7::text[], $8::bigint[]) AS p(id, status, published_at)
        ON p.id = c.post_id
  ), set_categories AS (
    INSERT INTO post_categories (post_id, position, name, status, published_at)
    SELECT * FROM new_categories
    ON CONFLICT (post_id, position) DO UPDATE SET name = excluded.name,
      status = excluded.status, published_at = excluded.published_at
  ), cut_categories AS (
    DELETE FROM post_categories o WHERE o.post_id = ANY($1::text[]) AND NOT EXISTS
      (SELECT 1 FROM new_categories n WHERE n.post_id = o.post_id AND n.position = o.position)
  )
  SELECT ARRAY(SELECT DISTINCT publication_id FROM prior) AS publications,
    ARRAY(SELECT name FROM prior_categories) AS categories`;
