// What every operation's OpenAPI description shares: header and error-answer shapes, the
// errors any read may give, the visibility and includeContent rules in words, and the name
// of the API-key security scheme. Only the document reads these; requests never do.

/** The security scheme's name in the document's components. */
export const API_KEY_SCHEME = "apiKey";

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

export const COMMON = `Only a post whose status is published and whose publication time has come is
visible; anything else answers 404 exactly like a post that never existed. HEAD is answered
like GET without a body; If-None-Match and If-Modified-Since answer 304.`;

export const INCLUDE = `includeContent: \`true\` or \`1\` (any letter case) add markdown, json and
staticHtml; \`false\`, \`0\`, \`null\`, empty or absent leave them out; any other value, or the
parameter given twice, is a 400.`;
