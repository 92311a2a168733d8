// What one connection may cost: header size, how long a slow client may take, how many
// connections at once. Node enforces these in its HTTP server, below Fastify.
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { LimitSettings } from "../../config/limits.js";
import { ApiError } from "../../errors.js";
import { CAP_RETRY_AFTER_S, guardConnections, pastClientCap } from "./connection-guard.js";

/** Fastify constructor options that bound a connection. */
export function serverOptions(limits: LimitSettings) {
  return {
    trustProxy: limits.trustProxy as FastifyServerOptions["trustProxy"],
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Idle keep-alive sockets must not hold a graceful close open.
    forceCloseConnections: "idle" as const,
    // During a close, requests already on a connection are answered, not refused with 503.
    return503OnClosing: false,
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests only this often (30 s by default): a slow client
      // would otherwise keep its socket well past headersTimeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 2)),
    },
  };
}

const TOO_MANY_CONNECTIONS = new ApiError(
  "unavailable",
  "Too many connections from this address; retry shortly, or reuse an open connection",
  { "retry-after": String(CAP_RETRY_AFTER_S), connection: "close" },
);

/** Settings Node keeps on the server object rather than taking at creation. */
export function applyServerLimits(app: FastifyInstance, limits: LimitSettings): void {
  if (limits.maxConnections > 0) app.server.maxConnections = limits.maxConnections;
  guardConnections(app.server, limits);
  if (limits.maxConnectionsPerClient > 0) {
    // Before any route's work (hooks run in the order added; only the common headers' first).
    // Callback style: cheaper than an async hook on every request.
    app.addHook("onRequest", (request, _reply, done) => {
      done(pastClientCap(request.raw) ? TOO_MANY_CONNECTIONS : undefined);
    });
  }
}
