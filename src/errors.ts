// One catalogue of the errors the API answers with: code → status → message.
// Handlers throw ApiError; the error handler turns it into the contract's envelope.

export const errorCatalogue = {
  invalid_parameter: { status: 400, msg: "Invalid parameter" },
  not_found: { status: 404, msg: "Post not found" },
  method_not_allowed: { status: 405, msg: "Method not allowed" },
  request_timeout: { status: 408, msg: "Request not received in time" },
  uri_too_long: { status: 414, msg: "Request target too long" },
  rate_limited: { status: 429, msg: "Too many requests" },
  headers_too_large: { status: 431, msg: "Request headers too large" },
  internal: { status: 500, msg: "Internal server error" },
  unavailable: { status: 503, msg: "Service unavailable" },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

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
