// Writes per API key (issue 11), apart from the per-address limit every request meets: a
// fixed one-minute window per key, in memory per process like RATE_LIMIT.
import { ApiError } from "../errors.js";

const WINDOW_MS = 60_000;
/** Keys remembered at once; past this the oldest windows are forgotten. */
const MAX_KEYS = 50_000;

interface Window {
  count: number;
  resetAt: number;
}

export class WriteLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one write by `keyId`; over the limit, a 429 with Retry-After. */
  take(keyId: string): void {
    if (this.perMinute === 0) return;
    const now = this.clock();
    let window = this.windows.get(keyId);
    if (window === undefined || window.resetAt <= now) {
      if (this.windows.size >= MAX_KEYS) this.windows.clear();
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(keyId, window);
    }
    if (++window.count <= this.perMinute) return;
    const seconds = String(Math.ceil((window.resetAt - now) / 1000));
    throw new ApiError("rate_limited", "Too many writes with this API key", {
      "retry-after": seconds,
      "ratelimit-limit": String(this.perMinute),
      "ratelimit-remaining": "0",
      "ratelimit-reset": seconds,
    });
  }
}
