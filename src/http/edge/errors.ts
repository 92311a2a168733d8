// One error path: whatever went wrong, the client gets the contract's JSON envelope,
// the common headers and no-store; 5xx details go to the log, never to the client.
import { validateHeaderName, validateHeaderValue } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  ApiError,
  StoreUnavailableError,
  envelope,
  errorCatalogue,
  type ErrorCode,
} from "../../errors.js";
import { COMMON_HEADERS, setCommonHeaders } from "./headers.js";

/**
 * What a success had set before it failed: an error describes no representation, so none of
 * its validators, CDN keys, coding or links may stay on the error's answer.
 */
const REPRESENTATION_HEADERS = [
  "etag",
  "last-modified",
  "link",
  "location",
  "surrogate-key",
  "cache-tag",
  "content-encoding",
  "vary",
];

export function sendError(reply: FastifyReply, code: ErrorCode, msg?: string, headers = {}) {
  for (const name of REPRESENTATION_HEADERS) reply.removeHeader(name);
  setCommonHeaders(reply);
  reply
    .code(errorCatalogue[code].status)
    .headers({ ...headers, "cache-control": "no-store" })
    .type("application/json; charset=utf-8");
  dropUnwritableHeaders(reply);
  return reply.send(envelope(code, msg ?? errorCatalogue[code].msg, reply.request.id));
}

/**
 * Node refuses a whole answer for one header it cannot write (a control character, a code
 * point past U+00FF); the error's answer goes out without such a header instead.
 */
function dropUnwritableHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderName(name);
      for (const one of [value].flat()) validateHeaderValue(name, String(one));
    } catch {
      reply.removeHeader(name);
    }
  }
}

/**
 * Fastify's error handler. Should making the envelope fail in turn (a fault in this path),
 * the client still gets the envelope of a 500, written by hand with fixed headers: Fastify's
 * own fallback would answer with its own body.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  try {
    return answerError(error, request, reply);
  } catch (failure) {
    request.log.error({ err: failure, cause: error, url: request.url }, "error answer failed");
    return lastResort(reply);
  }
}

function lastResort(reply: FastifyReply): FastifyReply {
  const { raw } = reply;
  if (raw.headersSent || raw.destroyed) {
    raw.destroy();
    return reply;
  }
  const body = JSON.stringify(envelope("internal", errorCatalogue.internal.msg, reply.request.id));
  // Whatever headers the failed attempts left on the response are not to be trusted.
  for (const name of raw.getHeaderNames()) raw.removeHeader(name);
  raw.writeHead(errorCatalogue.internal.status, {
    ...COMMON_HEADERS,
    "x-request-id": reply.request.id,
    "cache-control": "no-store",
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
  });
  raw.end(reply.request.method === "HEAD" ? undefined : body);
  return reply;
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendError(reply, error.code, error.message, error.headers);
  if (error.validation) return sendError(reply, "invalid_parameter", validationMessage(error));
  if (error instanceof StoreUnavailableError) {
    request.log.warn({ err: error }, "store unavailable");
    return sendError(reply, "unavailable", undefined, { "retry-after": "5" });
  }
  const body = BODY_ERRORS[error.code];
  if (body !== undefined) return sendError(reply, body.code, body.msg);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, "invalid_parameter", "Malformed request");
  }
  // request.log already carries reqId; naming it again would repeat the key in the JSON line.
  request.log.error({ err: error, url: request.url }, "request failed");
  return sendError(reply, "internal");
}

/** Fastify's refusals of a request body, in the catalogue's words. */
const BODY_ERRORS: Record<string, { code: ErrorCode; msg?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "payload_too_large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_parameter", msg: "body: is not valid JSON" },
};

/** Errors raised by the router before any hook runs. */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === "FST_ERR_BAD_URL") {
    return sendError(reply, "invalid_parameter", "Path is not valid percent-encoding");
  }
  // The router refuses a path segment longer than the whole target may be.
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return sendError(reply, "uri_too_long");
  return sendError(reply, "invalid_parameter", "Malformed request");
}

const PARAMETER_RULES: Record<string, string> = {
  postId: "postId must be 1 to 256 characters",
  publicationSlug: "publicationSlug must be 1 to 256 characters",
  postSlug: "postSlug must be 1 to 256 characters",
  includeContent: "includeContent must be one of true, false, 1, 0 or null, given at most once",
  publicationId: "publicationId must be 1 to 256 characters",
  domain: "domain must be a host name (blog.example.com)",
  userId: "userId must be 1 to 256 characters",
  walletAddress: "walletAddress must be 0x followed by 40 hexadecimal digits",
  tag: "tag must be 1 to 100 characters",
  cursor: "cursor must be the pagination.cursor of the page before, given at most once",
  limit: "limit must be an integer, given at most once",
  q: "q is required: 1 to 1000 characters, given at most once",
  blogId: "blogId must be 1 to 256 characters, given at most once",
  format: "format must be rss, atom or json",
};

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  // A missing required parameter is named by the error's params, not its path.
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const name = first?.instancePath.split("/")[1] || missing || "";
  return PARAMETER_RULES[name] ?? `Invalid ${error.validationContext ?? "request"}`;
}
