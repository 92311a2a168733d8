// What every request to an API route passes before its handler: load shedding, then the
// per-client rate limit. One route-level hook, added to each route as it is registered
// (routes with `config: { rateLimit: false }` — health, metrics — are exempt from both), so
// no request to a protected route can take a way around it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config/index.js";
import { ApiError } from "../../errors.js";
import { EventLoopMonitor } from "./load-shedding.js";
import { applyServerLimits } from "./limits.js";
import { MemoryCounter, rateLimitHook, type LimitCounter } from "./rate-limit.js";
import { sharedCounter } from "./shared-rate-limit.js";

declare module "fastify" {
  interface FastifyInstance {
    /** True while requests are being shed (readiness reports it). */
    isUnderPressure(): boolean;
  }
}

/** Seconds a shed client is told to wait: overload passes quickly or not at all. */
const OVERLOAD_RETRY_AFTER = "2";

const RATE_WINDOW_MS = 60_000;

interface ProtectionOptions {
  /** Requests per minute per client address; 0 = off. */
  rateLimit: number;
  /** Event-loop delay (ms) above which requests are shed; 0 = off. */
  maxEventLoopDelayMs: number;
  /** Where requests are counted; in this process unless given (a shared one, Redis). */
  counter?: LimitCounter;
}

/** Everything protection adds to the app, in one call before the routes. */
export function protect(app: FastifyInstance, config: Config, given?: LimitCounter): void {
  applyServerLimits(app, config.limits);
  const counter = given ?? (config.rateLimit > 0 ? sharedCounter(app, config.redis) : undefined);
  registerProtection(app, {
    rateLimit: config.rateLimit,
    maxEventLoopDelayMs: config.limits.maxEventLoopDelayMs,
    ...(counter ? { counter } : {}),
  });
}

export function registerProtection(app: FastifyInstance, options: ProtectionOptions): void {
  const monitor = new EventLoopMonitor(options.maxEventLoopDelayMs);
  app.decorate("isUnderPressure", monitor.isUnderPressure);
  app.addHook("onListen", (done) => (monitor.restart(), done()));
  app.addHook("onClose", async () => monitor.stop());
  const limit =
    options.rateLimit > 0
      ? rateLimitHook({
          max: options.rateLimit,
          windowMs: RATE_WINDOW_MS,
          counter: options.counter ?? new MemoryCounter(),
        })
      : undefined;
  const admission = admissionHook(app, limit);
  app.addHook("onRoute", (route) => {
    if (route.config?.rateLimit === false) return;
    route.onRequest = [admission, ...[route.onRequest ?? []].flat()];
  });
}

type Done = (error?: Error) => void;
type Hook = (request: FastifyRequest, reply: FastifyReply, done: Done) => void;

function admissionHook(app: FastifyInstance, limit: Hook | undefined): Hook {
  const overloaded = () =>
    new ApiError("unavailable", "Service overloaded, retry shortly", {
      "retry-after": OVERLOAD_RETRY_AFTER,
    });
  return function admission(request, reply, done) {
    if (app.isUnderPressure()) return done(overloaded());
    if (limit === undefined) return done();
    limit(request, reply, done);
  };
}
