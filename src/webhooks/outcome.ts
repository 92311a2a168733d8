// What an attempt's result means for its delivery, and writing that down: kept apart from the
// claim loop (worker.ts), which only knows that each attempt ends in a record.
import type { AttemptOutcome, ClaimedDelivery, WebhookDeliveryStore } from "../store/post-store.js";
import { MAX_ERROR_LENGTH } from "../store/webhook-rows.js";
import { nextAttemptAt, type RetryTimes } from "./backoff.js";
import type { DeliveryCounters } from "./counters.js";
import type { SendResult } from "./sender.js";

interface OutcomeOptions {
  store: Pick<WebhookDeliveryStore, "finishAttempt">;
  settings: RetryTimes;
  counters: DeliveryCounters;
  warn: (message: string, error: unknown) => void;
}

export async function recordAttempt(
  o: OutcomeOptions,
  owner: string,
  d: ClaimedDelivery,
  result: SendResult,
  at: number,
  stopped: boolean,
): Promise<void> {
  // Cut short by stop(): handed back, due now, and not counted as the receiver's failure.
  const outcome = stopped
    ? { kind: "retry" as const, nextAttemptAt: at }
    : judge(d, result, at, o.settings);
  if (!stopped) o.counters.count(outcome.kind);
  const error = "status" in result ? statusError(result) : result.error;
  try {
    await o.store.finishAttempt({
      ...{ id: d.id, owner, at, outcome },
      ...("status" in result ? { status: result.status } : {}),
      ...(error === undefined ? {} : { error: error.slice(0, MAX_ERROR_LENGTH) }),
    });
  } catch (failure) {
    // The lease runs out and the delivery is attempted again: at least once, still.
    o.warn("webhook deliveries: cannot record an attempt", failure);
  }
}

/** 2xx delivered; 410 gone (the endpoint is disabled); anything else is retried until too old. */
function judge(d: ClaimedDelivery, result: SendResult, at: number, t: RetryTimes): AttemptOutcome {
  if ("status" in result && result.status >= 200 && result.status < 300)
    return { kind: "delivered" };
  if ("status" in result && result.status === 410) return { kind: "gone" };
  const next = nextAttemptAt(d.attempts, d.retrySince, at, t);
  return next === undefined ? { kind: "failed" } : { kind: "retry", nextAttemptAt: next };
}

function statusError(result: { status: number; text: string }): string | undefined {
  if (result.status >= 200 && result.status < 300) return undefined;
  const text = result.text.replace(/\s+/g, " ").trim();
  const why =
    result.status >= 300 && result.status < 400 ? "redirect not followed" : `HTTP ${result.status}`;
  return text === "" ? why : `${why}: ${text}`;
}
