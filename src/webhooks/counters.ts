// Delivery attempts of this process by outcome, read by the metrics at scrape time.

type AttemptKind = "delivered" | "retry" | "failed" | "gone";

export class DeliveryCounters {
  readonly attempts: Record<AttemptKind, number> = { delivered: 0, retry: 0, failed: 0, gone: 0 };

  count(kind: AttemptKind): void {
    this.attempts[kind]++;
  }
}
