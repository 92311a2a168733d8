// The route schemas of the two read operations: the TypeBox request schemas of wire/schemas.ts,
// plus what only the OpenAPI document needs (summaries, every status, response headers).
// Response bodies are references to the shared Post and Error schemas, so the document
// names them once; the post body itself is serialized by wire/representation.ts, not from here.
import {
  ErrorSchema,
  IncludeContentQuery,
  PostByIdParams,
  PostBySlugParams,
} from "../wire/schemas.js";
import { PostSchema } from "../wire/schemas.js";
import { COMMON, INCLUDE, errorResponses, error, header, requestId } from "../wire/docs.js";

export const sharedSchemas = [PostSchema, ErrorSchema];

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
