// The one error every method of the client rejects with.
import type { ErrorCode } from "./types.js";

/**
 * `unknown`: an answer that was not the API's envelope (a proxy's error page);
 * `unreachable`: no answer at all (refused, reset, DNS) — status 0, `cause` says why.
 */
export type FolioErrorCode = ErrorCode | "unknown" | "unreachable";

/** Why a request failed: the HTTP status (0 when none), the code, the message, the request id. */
export class FolioError extends Error {
  override readonly name = "FolioError";
  constructor(
    readonly status: number,
    readonly code: FolioErrorCode,
    readonly msg: string,
    readonly requestId: string | undefined,
    options?: { cause?: unknown },
  ) {
    const request = requestId === undefined ? "" : ` (request ${requestId})`;
    super(`${status === 0 ? "" : `${status} `}${code}: ${msg}${request}`, options);
  }
}
