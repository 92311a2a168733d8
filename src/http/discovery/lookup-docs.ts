// The route schemas of the discovery reads that answer one publication or user, and of the
// two searches. Split from docs.ts (the lists), which re-exports all of it, so the
// routes keep importing one module.
import * as p from "./params.js";
import { arrayOf, op, responses } from "./responses.js";

export const SEARCH_LIMIT = { max: 50, fallback: 20 };

const SEARCH = `Ranked full-text search (SQLite FTS5 or PostgreSQL text search, English stemming).
\`q\` is read as words: letters and digits, all of them required, the last also as a prefix;
every other character only separates words, so no query syntax reaches the engine. At most
16 words count. An answer is an array (the original's shape): \`limit\` items at most, from
1 to ${SEARCH_LIMIT.max} (${SEARCH_LIMIT.fallback} when absent).`;

const lookup = (extra = "") =>
  `Matched exactly after percent-decoding, unless said otherwise. ${extra}`.trim();

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

export const searchPostsSchema = {
  ...op(
    "searchPosts",
    "Search posts",
    "search",
    `${SEARCH}\n\nOver titles, subtitles, categories, author names and text, in that order of weight; visible posts only. \`blogId\` keeps one publication's.`,
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
