// The route schemas of the discovery reads: request schemas (discovery-params.ts) plus what
// only the OpenAPI document needs. Bodies are references to the shared schemas
// (discovery-schemas.ts); the bytes themselves are made by discovery-wire.ts.
import * as p from "./discovery-params.js";
import { COMMON, INCLUDE, error, errorResponses, header, requestId } from "./post-docs.js";
import { IncludeContentQuery } from "./schemas.js";

export const POSTS_LIMIT = { max: 100, fallback: 10 };
export const FEED_LIMIT = { max: 60, fallback: 20 };
export const SEARCH_LIMIT = { max: 50, fallback: 20 };

const headers = (keys: string) => ({
  ETag: header("Strong validator of the body; with a -gzip/-br suffix when compressed"),
  "Cache-Control": header("By default `public, max-age=60, stale-while-revalidate=300`"),
  Vary: header("`Accept-Encoding`"),
  "X-Request-Id": requestId,
  "Surrogate-Key": header(`${keys}, for CDN purges (a category percent-encoded)`),
  "Cache-Tag": header("The same keys, comma-separated"),
  "Content-Encoding": header("`br` or `gzip` when accepted and worth it"),
  "Access-Control-Allow-Origin": header("`*`: a public read API"),
});

const notModified = {
  type: "null",
  description: "Not modified: If-None-Match matched; no body",
  headers: { ETag: header("The current validator"), "X-Request-Id": requestId },
};

function responses(ref: string, description: string, keys: string, notFound?: string) {
  return {
    200: { $ref: `${ref}#`, description, headers: headers(keys) },
    304: notModified,
    ...errorResponses,
    ...(notFound && { 404: error(`not_found: ${notFound}`) }),
  };
}

const arrayOf = (ref: string, description: string, keys: string) => ({
  200: {
    description,
    content: { "application/json": { schema: { type: "array", items: { $ref: `${ref}#` } } } },
    headers: headers(keys),
  },
  304: notModified,
  ...errorResponses,
});

const LISTS = `Visible posts only (published, their time come), newest published first; a
scheduled post enters the list when it goes live. Pages are keyset-based: pass
\`pagination.cursor\` back as \`cursor\`; a post published or withdrawn meanwhile never makes
another appear twice or be skipped. A cursor edited, truncated or taken from another list is
a 400 naming \`cursor\`. \`pagination.total\` is never sent.`;

const SEARCH = `Ranked full-text search (SQLite FTS5 or PostgreSQL text search, English stemming).
\`q\` is read as words: letters and digits, all of them required, the last also as a prefix;
every other character only separates words, so no query syntax reaches the engine. At most
16 words count. An answer is an array (the original's shape): \`limit\` items at most, from
1 to ${SEARCH_LIMIT.max} (${SEARCH_LIMIT.fallback} when absent).`;

const lookup = (extra = "") =>
  `Matched exactly after percent-decoding, unless said otherwise. ${extra}`.trim();

const op = (operationId: string, summary: string, tag: string, description: string) => ({
  operationId,
  summary,
  tags: [tag],
  description,
});

export const publicationByIdSchema = {
  ...op("getPublicationById", "Get a publication by its id", "publications", lookup()),
  params: p.PublicationIdParams,
  response: responses("Publication", "The publication", "`pub-{id}`", "no such publication"),
};

export const publicationBySlugSchema = {
  ...op(
    "getPublicationBySlug",
    "Get a publication by its slug",
    "publications",
    lookup("A leading `@` on the slug is accepted and dropped."),
  ),
  params: p.PublicationSlugParams,
  response: responses("Publication", "The publication", "`pub-{id}`", "no such publication"),
};

export const publicationByDomainSchema = {
  ...op(
    "getPublicationByDomain",
    "Get a publication by its custom domain",
    "publications",
    lookup(
      "The host is matched whatever its letter case; the lowest id answers if two publications name one domain.",
    ),
  ),
  params: p.DomainParams,
  response: responses(
    "Publication",
    "The publication",
    "`pub-{id}`",
    "no publication has that domain",
  ),
};

export const userByIdSchema = {
  ...op("getUser", "Get a user (an author) by id", "users", lookup()),
  params: p.UserIdParams,
  response: responses(
    "Author",
    "The user, in the author shape",
    "`user-{id} pub-{publicationId}`",
    "no such user",
  ),
};

export const userByWalletSchema = {
  ...op(
    "getUserByWallet",
    "Get a user (an author) by wallet address",
    "users",
    lookup(
      "The address is matched whatever its letter case; the lowest id answers if several authors share it.",
    ),
  ),
  params: p.WalletParams,
  response: responses(
    "Author",
    "The user, in the author shape",
    "`user-{id} pub-{publicationId}`",
    "no user has that wallet",
  ),
};

export const postsOfPublicationSchema = {
  ...op(
    "getPosts",
    "List a publication's posts",
    "lists",
    `${LISTS}\n\nAn unknown publication has no posts: an empty page.\n\n${INCLUDE}`,
  ),
  params: p.PublicationIdParams,
  querystring: p.listQuery(POSTS_LIMIT.max, POSTS_LIMIT.fallback),
  response: responses("PostPage", "A page of posts", "`pub-{publicationId}`"),
};

export const postsByTagSchema = {
  ...op(
    "getPostsByTag",
    "List the posts of a category, across publications",
    "lists",
    `${LISTS}\n\n${INCLUDE}`,
  ),
  params: p.TagParams,
  querystring: p.listQuery(POSTS_LIMIT.max, POSTS_LIMIT.fallback),
  response: responses("PostPage", "A page of posts", "`tag-{tag}`"),
};

export const feedSchema = {
  ...op(
    "getPostsFeed",
    "List every publication's posts, each with its publication and owner",
    "lists",
    `${LISTS}\n\n${INCLUDE}`,
  ),
  querystring: p.listQuery(FEED_LIMIT.max, FEED_LIMIT.fallback),
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

export const searchPostsSchema = {
  ...op(
    "searchPosts",
    "Search posts",
    "search",
    `${SEARCH}\n\nOver titles, subtitles and text; visible posts only. \`blogId\` keeps one publication's.`,
  ),
  querystring: p.searchQuery(SEARCH_LIMIT.max, SEARCH_LIMIT.fallback, true),
  response: arrayOf("PostSearchHit", "Matching posts, best first", "`search`"),
};

export const searchBlogsSchema = {
  ...op(
    "searchBlogs",
    "Search publications",
    "search",
    `${SEARCH}\n\nOver names, slugs and summaries.`,
  ),
  querystring: p.searchQuery(SEARCH_LIMIT.max, SEARCH_LIMIT.fallback, false),
  response: arrayOf("BlogSearchHit", "Matching publications, best first", "`search`"),
};
