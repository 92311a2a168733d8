// The route schemas of the two read operations: the TypeBox request schemas of schemas.ts,
// plus what only the OpenAPI document needs (summaries, every status, response headers).
// Response bodies are references to the shared Post and Error schemas, so the document
// names them once; the post body itself is serialized by representation.ts, not from here.
import { ErrorSchema, IncludeContentQuery, PostByIdParams, PostBySlugParams } from "./schemas.js";
import { PostSchema } from "./schemas.js";

export const sharedSchemas = [PostSchema, ErrorSchema];

export const header = (description: string) => ({ type: "string", description });

export const requestId = header(
  "The request's id: a valid incoming X-Request-Id echoed, else generated",
);
const errorHeaders = { "X-Request-Id": requestId, "Cache-Control": header("Always `no-store`") };
const retryAfter = header("Seconds to wait before trying again");

export const error = (description: string, extra: Record<string, unknown> = {}) => ({
  $ref: "Error#",
  description,
  headers: { ...errorHeaders, ...extra },
});

/** The error answers every read may give (404's wording is each operation's own). */
export const errorResponses = {
  400: error("invalid_parameter: a path or query parameter breaks a rule; `msg` names it"),
  405: error("method_not_allowed: only GET, HEAD and OPTIONS", {
    Allow: header("`GET, HEAD, OPTIONS`"),
  }),
  414: error("uri_too_long: the request target is over 8 KiB"),
  429: error("rate_limited: over the per-client rate limit", { "Retry-After": retryAfter }),
  500: error("internal: a bug; logged with the request id, details never sent"),
  503: error("unavailable: the store is unreachable or overloaded", { "Retry-After": retryAfter }),
  // Any other client or server error still carries the envelope.
  "4xx": error("Another client error"),
  "5xx": error("Another server error"),
};

const responses = {
  200: {
    $ref: "Post#",
    description: "The post. Content fields only with includeContent=true",
    headers: {
      ETag: header("Strong validator of the body; with a -gzip/-br suffix when compressed"),
      "Last-Modified": header("The post's last update, as an HTTP date"),
      "Cache-Control": header("By default `public, max-age=60, stale-while-revalidate=300`"),
      Vary: header("`Accept-Encoding`"),
      Link: header('`<{SITE_URL}/@{publicationSlug}/{slug}>; rel="canonical"`'),
      "X-Request-Id": requestId,
      "Surrogate-Key": header("`post-{id} pub-{publicationId}`, for CDN purges"),
      "Cache-Tag": header("The same keys, comma-separated"),
      "Content-Encoding": header("`br` or `gzip` when accepted and worth it"),
      "Access-Control-Allow-Origin": header("`*`: a public read API"),
    },
  },
  304: {
    type: "null",
    description: "Not modified: If-None-Match or If-Modified-Since matched; no body",
    headers: { ETag: header("The current validator"), "X-Request-Id": requestId },
  },
  ...errorResponses,
  404: error("not_found: no visible post (drafts, scheduled and archived posts included)"),
};

export const COMMON = `Only a post whose status is published and whose publication time has come is
visible; anything else answers 404 exactly like a post that never existed. HEAD is answered
like GET without a body; If-None-Match and If-Modified-Since answer 304.`;

export const INCLUDE = `includeContent: \`true\` or \`1\` (any letter case) add markdown, json and
staticHtml; \`false\`, \`0\`, \`null\`, empty or absent leave them out; any other value, or the
parameter given twice, is a 400.`;

export const postByIdSchema = {
  summary: "Get a post by its id",
  description: `${COMMON}\n\npostId: 1 to 256 characters (Unicode code points), matched exactly.\n\n${INCLUDE}`,
  tags: ["posts"],
  operationId: "getPostById",
  params: PostByIdParams,
  querystring: IncludeContentQuery,
  response: responses,
};

export const postBySlugsSchema = {
  summary: "Get a post by publication slug and post slug",
  description: `${COMMON}\n\npublicationSlug and postSlug: 1 to 256 characters (Unicode code
points) each, matched exactly (case-sensitive) after percent-decoding. A leading \`@\` on the
publication slug, as in public URLs (\`/@field-notes/...\`), is accepted and dropped.\n\n${INCLUDE}`,
  tags: ["posts"],
  operationId: "getPostBySlugs",
  params: PostBySlugParams,
  querystring: IncludeContentQuery,
  response: responses,
};
