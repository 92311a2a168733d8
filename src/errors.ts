// One catalogue of the errors the API answers with: code → status → message.
// Handlers throw ApiError; the error handler turns it into the contract's envelope.

export const errorCatalogue = {
  invalid_parameter: { status: 400, msg: "Invalid parameter" },
  // Sent with `WWW-Authenticate: Bearer` (RFC 6750 §3).
  unauthorized: { status: 401, msg: "A valid API key is required" },
  forbidden: { status: 403, msg: "This API key may not do that" },
  not_found: { status: 404, msg: "Post not found" },
  method_not_allowed: { status: 405, msg: "Method not allowed" },
  request_timeout: { status: 408, msg: "Request not received in time" },
  conflict: { status: 409, msg: "Conflicts with the current state" },
  precondition_failed: { status: 412, msg: "The resource changed since the given If-Match" },
  payload_too_large: { status: 413, msg: "Request body too large" },
  uri_too_long: { status: 414, msg: "Request target too long" },
  unsupported_media_type: { status: 415, msg: "Request body must be application/json" },
  rate_limited: { status: 429, msg: "Too many requests" },
  headers_too_large: { status: 431, msg: "Request headers too large" },
  internal: { status: 500, msg: "Internal server error" },
  unavailable: { status: 503, msg: "Service unavailable" },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** Every code, for schemas and documents that list them. */
export const ERROR_CODES = Object.keys(errorCatalogue) as ErrorCode[];

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    msg: string = errorCatalogue[code].msg,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.status = errorCatalogue[code].status;
  }
}

export interface ErrorEnvelope {
  success: false;
  msg: string;
  error: ErrorCode;
  requestId: string;
}

export function envelope(code: ErrorCode, msg: string, requestId: string): ErrorEnvelope {
  return { success: false, msg, error: code, requestId };
}

/** The store cannot answer now (unreachable, locked, overloaded): the API says 503. */
export class StoreUnavailableError extends Error {}

/** The server could not listen where it was told to (the port taken, the address absent). */
export class ListenError extends Error {}
