// The route schemas of the discovery reads: request schemas (params.ts) plus what
// only the OpenAPI document needs. Bodies are references to the shared schemas
// (schemas.ts); the bytes themselves are made by wire.ts. This file holds
// the lists; the lookups and searches live in lookup-docs.ts and are re-exported
// here, so the routes import one module.
import * as p from "./params.js";
import { op, responses } from "./responses.js";
import { COMMON, INCLUDE } from "../wire/docs.js";
import { IncludeContentQuery } from "../wire/schemas.js";

export {
  SEARCH_LIMIT,
  publicationByDomainSchema,
  publicationByIdSchema,
  publicationBySlugSchema,
  searchBlogsSchema,
  searchPostsSchema,
  userByIdSchema,
  userByWalletSchema,
} from "./lookup-docs.js";

export const POSTS_LIMIT = { max: 100, fallback: 10 };
export const FEED_LIMIT = { max: 60, fallback: 20 };

const LISTS = `Visible posts only (published, their time come), newest published first; a
scheduled post enters the list when it goes live. Pages are keyset-based: pass
\`pagination.cursor\` back as \`cursor\`; a post published or withdrawn meanwhile never makes
another appear twice or be skipped. A cursor edited, truncated or taken from another list is
a 400 naming \`cursor\`. \`pagination.total\` is never sent.`;

// Every list pages the same way, so each says so first and ends on includeContent.
const listOp = (operationId: string, summary: string, note?: string) =>
  op(operationId, summary, "lists", [LISTS, note, INCLUDE].filter(Boolean).join("\n\n"));

const pageQuery = (limit: { max: number; fallback: number }) =>
  p.listQuery(limit.max, limit.fallback);

export const postsOfPublicationSchema = {
  ...listOp(
    "getPosts",
    "List a publication's posts",
    "An unknown publication has no posts: an empty page.",
  ),
  params: p.PublicationIdParams,
  querystring: pageQuery(POSTS_LIMIT),
  response: responses("PostPage", "A page of posts", "`pub-{publicationId}`"),
};

export const postsByTagSchema = {
  ...listOp("getPostsByTag", "List the posts of a category, across publications"),
  params: p.TagParams,
  querystring: pageQuery(POSTS_LIMIT),
  response: responses("PostPage", "A page of posts", "`tag-{tag}`"),
};

export const feedSchema = {
  ...listOp("getPostsFeed", "List every publication's posts, each with its publication and owner"),
  querystring: pageQuery(FEED_LIMIT),
  response: responses("FeedPage", "A page of feed items", "`feed`"),
};

export const postByPublicationIdSchema = {
  ...op(
    "getPostByPublicationIdAndPostSlug",
    "Get a post by publication id and post slug",
    "posts",
    `${COMMON}\n\nThe same answer as by publication slug and post slug.\n\n${INCLUDE}`,
  ),
  params: p.PostSlugParams,
  querystring: IncludeContentQuery,
  response: responses("Post", "The post", "`post-{id} pub-{publicationId}`", "no visible post"),
};
