// Per-client rate limiting and load shedding, both answering with the contract's envelope.
// Registered before any route: the rate limiter attaches itself to routes as they are
// added, and skips those that declare `config: { rateLimit: false }` (health, metrics).
import rateLimit from "@fastify/rate-limit";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import type { Config, RedisSettings } from "../config.js";
import { ApiError } from "../errors.js";
import { sendError } from "./errors.js";
import { applyServerLimits } from "./limits.js";
import { redisStoreOption } from "./shared-rate-limit.js";

/** Everything issue 6 adds to the app, in one call before the routes. */
export async function protect(app: FastifyInstance, config: Config): Promise<void> {
  applyServerLimits(app, config.limits);
  await registerProtection(app, {
    rateLimit: config.rateLimit,
    maxEventLoopDelayMs: config.limits.maxEventLoopDelayMs,
    redis: config.redis,
  });
}

export interface ProtectionOptions {
  /** Requests per minute per client address; 0 = off. */
  rateLimit: number;
  /** Event-loop delay (ms) above which requests are shed; 0 = off. */
  maxEventLoopDelayMs: number;
  /** Where counters are shared between processes (REDIS_URL); unset: in memory. */
  redis?: RedisSettings;
}

/** Seconds a shed client is told to wait: overload passes quickly or not at all. */
export const OVERLOAD_RETRY_AFTER = "2";

/** Distinct client addresses remembered per node; beyond that the least recent is forgotten. */
const RATE_LIMIT_CLIENTS = 50_000;

export async function registerProtection(app: FastifyInstance, options: ProtectionOptions) {
  // Always registered: it decorates app.isUnderPressure(), which /readyz reads.
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    // Answer here rather than queue: a request admitted now would wait behind the backlog.
    pressureHandler: (_request, reply) => {
      sendError(reply, "unavailable", "Service overloaded, retry shortly", {
        "retry-after": OVERLOAD_RETRY_AFTER,
      });
    },
  });
  if (options.rateLimit === 0) return;
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit,
    timeWindow: 60_000,
    // The default key is request.ip (the socket's address, or the forwarded one when
    // TRUST_PROXY allows), with IPv6 grouped by /64 so one host cannot rotate addresses.
    cache: RATE_LIMIT_CLIENTS,
    enableDraftSpec: true,
    errorResponseBuilder: () => new ApiError("rate_limited"),
    ...(await redisStoreOption(app, options.redis, RATE_LIMIT_CLIENTS)),
  });
}
