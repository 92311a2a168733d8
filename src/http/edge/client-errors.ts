// Requests Node's HTTP parser refuses (bad request line, NUL in the target, headers too
// large, conflicting framing, too slow) never reach Fastify's routes: the server's
// 'clientError' event gets only the socket. We answer them with the same envelope and
// headers as every other error, then close: after a framing error the rest of the
// stream cannot be trusted.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { envelope, errorCatalogue, type ErrorCode } from "../../errors.js";
import { COMMON_HEADERS } from "./headers.js";

function codeForClientError(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === "HPE_HEADER_OVERFLOW") return "headers_too_large";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return "request_timeout";
  return "invalid_parameter";
}

function rawErrorResponse(code: ErrorCode, requestId: string): string {
  const status = errorCatalogue[code].status;
  const msg = code === "invalid_parameter" ? "Malformed request" : errorCatalogue[code].msg;
  const body = JSON.stringify(envelope(code, msg, requestId));
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    connection: "close",
    "x-request-id": requestId,
    ...COMMON_HEADERS,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Fastify's clientErrorHandler: `this` is the Fastify instance. */
export function handleClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset peer has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const code = codeForClientError(error);
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId, code }, "client error");
  // A response already under way on this socket (pipelining) must not get a second
  // status line in the middle of its body; Node's own handler makes the same check.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && inFlight?.headersSent !== true) {
    socket.end(rawErrorResponse(code, requestId));
  }
  socket.destroySoon();
}
