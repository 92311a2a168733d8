// What every discovery read answers besides its body: the cache and CDN headers, the 304,
// the error envelope. One place, so the lists, lookups and searches document them alike.
import { error, errorResponses, header, requestId } from "../wire/docs.js";

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

export function responses(ref: string, description: string, keys: string, notFound?: string) {
  return {
    200: { $ref: `${ref}#`, description, headers: headers(keys) },
    304: notModified,
    ...errorResponses,
    ...(notFound && { 404: error(`not_found: ${notFound}`) }),
  };
}

// The searches answer a bare array (the original's shape), which has no schema of its own to
// reference, so the body is spelled out here.
export const arrayOf = (ref: string, description: string, keys: string) => ({
  200: {
    description,
    content: { "application/json": { schema: { type: "array", items: { $ref: `${ref}#` } } } },
    headers: headers(keys),
  },
  304: notModified,
  ...errorResponses,
});

export const op = (operationId: string, summary: string, tag: string, description: string) => ({
  operationId,
  summary,
  tags: [tag],
  description,
});
