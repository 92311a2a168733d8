// One error path: whatever went wrong, the client gets the contract's JSON envelope,
// the common headers and no-store; 5xx details go to the log, never to the client.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  ApiError,
  StoreUnavailableError,
  envelope,
  errorCatalogue,
  type ErrorCode,
} from "../errors.js";
import { setCommonHeaders } from "./headers.js";

export function sendError(reply: FastifyReply, code: ErrorCode, msg?: string, headers = {}) {
  setCommonHeaders(reply);
  return reply
    .code(errorCatalogue[code].status)
    .headers({ ...headers, "cache-control": "no-store" })
    .type("application/json; charset=utf-8")
    .send(envelope(code, msg ?? errorCatalogue[code].msg, reply.request.id));
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendError(reply, error.code, error.message, error.headers);
  if (error.validation) return sendError(reply, "invalid_parameter", validationMessage(error));
  if (error instanceof StoreUnavailableError) {
    request.log.warn({ err: error }, "store unavailable");
    return sendError(reply, "unavailable", undefined, { "retry-after": "5" });
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, "invalid_parameter", "Malformed request");
  }
  // request.log already carries reqId; naming it again would repeat the key in the JSON line.
  request.log.error({ err: error, url: request.url }, "request failed");
  return sendError(reply, "internal");
}

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
};

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const name = first?.instancePath.split("/")[1] ?? "";
  return PARAMETER_RULES[name] ?? `Invalid ${error.validationContext ?? "request"}`;
}
