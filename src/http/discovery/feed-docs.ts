// The route schemas of the reader feeds, for validation and the OpenAPI document.
import { FeedByIdParams, FeedBySlugParams } from "./params.js";
import { error, errorResponses, header, requestId } from "../wire/docs.js";

const DESCRIPTION = `A publication's 20 latest visible posts for feed readers, newest first,
with their sanitized HTML: \`rss\` (RSS 2.0, \`application/rss+xml\`), \`atom\` (Atom 1.0,
\`application/atom+xml\`) or \`json\` (JSON Feed 1.1, \`application/feed+json\`). Links are
absolute: \`{SITE_URL}/@{publicationSlug}/{slug}\`. If-None-Match answers 304.`;

const content = (type: string) => ({ [type]: { schema: { type: "string" } } });

const responses = {
  200: {
    description: "The feed",
    content: {
      ...content("application/rss+xml"),
      ...content("application/atom+xml"),
      ...content("application/feed+json"),
    },
    headers: {
      ETag: header("Strong validator of the body; with a -gzip/-br suffix when compressed"),
      "Cache-Control": header("By default `public, max-age=60, stale-while-revalidate=300`"),
      "Surrogate-Key": header("`pub-{publicationId}`, for CDN purges"),
      "X-Request-Id": requestId,
    },
  },
  304: {
    type: "null",
    description: "Not modified: If-None-Match matched; no body",
    headers: { ETag: header("The current validator"), "X-Request-Id": requestId },
  },
  ...errorResponses,
  404: error("not_found: no such publication"),
};

export const readerFeedByIdSchema = {
  operationId: "getReaderFeed",
  summary: "A publication's feed for feed readers, by publication id",
  tags: ["feeds"],
  description: DESCRIPTION,
  params: FeedByIdParams,
  response: responses,
};

export const readerFeedBySlugSchema = {
  operationId: "getReaderFeedBySlug",
  summary: "A publication's feed for feed readers, by publication slug",
  tags: ["feeds"],
  description: `${DESCRIPTION}\n\nA leading \`@\` on the slug is accepted and dropped.`,
  params: FeedBySlugParams,
  response: responses,
};
