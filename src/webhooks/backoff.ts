// When to try a failed delivery again: exponential backoff with jitter, for about a day.
import type { WebhookSettings } from "../config/webhooks.js";

export type RetryTimes = Pick<WebhookSettings, "retryBaseMs" | "retryMaxMs" | "giveUpMs">;

/**
 * After the n-th failed attempt: base × 2^(n−1), capped, then "equal jitter" (half fixed, half
 * random), so receivers coming back are not met by every sender at the same instant.
 */
function retryDelay(attempts: number, t: RetryTimes, random = Math.random): number {
  const exp = Math.min(t.retryMaxMs, t.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** The next attempt's time, or undefined when it would fall past the give-up age. */
export function nextAttemptAt(
  attempts: number,
  retrySince: number,
  now: number,
  t: RetryTimes,
  random = Math.random,
): number | undefined {
  const at = now + retryDelay(attempts, t, random);
  return at - retrySince > t.giveUpMs ? undefined : at;
}
