// Writes per API key, apart from the per-address limit every request meets: a
// fixed one-minute window per key, counted where the per-address limit is — in Redis with
// REDIS_URL, so N nodes allow a key the limit once, not N times; else in this process.
import { ApiError } from "../../errors.js";
import { MemoryCounter, type LimitCounter } from "./rate-limit.js";

const WINDOW_MS = 60_000;

export class WriteLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly counter: LimitCounter = new MemoryCounter(),
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one write by `keyId`; over the limit, a 429 with Retry-After. */
  async take(keyId: string): Promise<void> {
    if (this.perMinute === 0) return;
    const now = this.clock();
    // Its own name space: a key id never shares a window with a client address.
    const hit = await this.counter.hit(`write:${keyId}`, WINDOW_MS, now);
    if (hit.count <= this.perMinute) return;
    const seconds = String(Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
    throw new ApiError("rate_limited", "Too many writes with this API key", {
      "retry-after": seconds,
      "ratelimit-limit": String(this.perMinute),
      "ratelimit-remaining": "0",
      "ratelimit-reset": seconds,
    });
  }
}
