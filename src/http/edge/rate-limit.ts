// Per-client rate limiting (contract: 429 rate_limited with Retry-After and RateLimit-*).
// Counting is behind `LimitCounter`, so a shared counter (Redis) can replace the
// in-process one; the in-process one answers synchronously, keeping the hot path free of
// promises.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** `false`: this route is never limited. */
    rateLimit?: boolean;
  }
}

export interface Hit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

export interface LimitCounter {
  hit(key: string, windowMs: number, now: number): Hit | Promise<Hit>;
}

/** Fixed windows in a Map; past `maxClients` keys the oldest window is forgotten. */
export class MemoryCounter implements LimitCounter {
  private readonly windows = new Map<string, Hit>();

  constructor(private readonly maxClients = 50_000) {}

  hit(key: string, windowMs: number, now: number): Hit {
    const current = this.windows.get(key);
    if (current !== undefined && current.resetAt > now) {
      current.count++;
      return current;
    }
    if (current !== undefined) this.windows.delete(key);
    else if (this.windows.size >= this.maxClients) this.forgetOldest();
    const fresh = { count: 1, resetAt: now + windowMs };
    this.windows.set(key, fresh);
    return fresh;
  }

  private forgetOldest(): void {
    const oldest = this.windows.keys().next();
    if (oldest.done !== true) this.windows.delete(oldest.value);
  }
}

interface RateLimitOptions {
  /** Requests per window per client. */
  max: number;
  windowMs: number;
  counter: LimitCounter;
}

/** The limiter as a callback-style onRequest hook (see protection.ts for where it runs). */
export function rateLimitHook({ max, windowMs, counter }: RateLimitOptions) {
  const limit = String(max);
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: Done) {
    const now = Date.now();
    const hit = counter.hit(clientKey(request.ip), windowMs, now);
    if (!(hit instanceof Promise)) return admit(hit, now, reply, limit, max, done);
    hit.then((h) => admit(h, Date.now(), reply, limit, max, done), done);
  };
}

type Done = (error?: Error) => void;

/**
 * RateLimit-Limit, -Remaining and -Reset (seconds), as the IETF draft names them; over the
 * limit, a 429 with Retry-After (RFC 9110 §10.2.3: "delay-seconds").
 */
function admit(hit: Hit, now: number, reply: FastifyReply, limit: string, max: number, done: Done) {
  const reset = String(Math.max(0, Math.ceil((hit.resetAt - now) / 1000)));
  reply.header("ratelimit-limit", limit);
  reply.header("ratelimit-remaining", String(Math.max(0, max - hit.count)));
  reply.header("ratelimit-reset", reset);
  if (hit.count <= max) return done();
  done(new ApiError("rate_limited", undefined, { "retry-after": reset }));
}

/**
 * The client an address stands for: an IPv4 address as it is, an IPv6 one by its /64, so a
 * host holding a whole prefix cannot rotate addresses past the limit.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  if (ip.startsWith("::ffff:") && ip.includes(".")) return ip.slice(7);
  const [head = "", tail = ""] = ip.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"),
    ...right,
  ];
  return (
    groups
      .slice(0, 4)
      .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
      .join(":") + "::/64"
  );
}
