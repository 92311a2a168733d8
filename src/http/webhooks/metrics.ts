// Webhook metrics: this process's attempts by outcome, and the queue as the store
// sees it from every node (depth, age of the oldest undelivered event), read at scrape time.
import { Counter, Gauge, type Registry } from "prom-client";
import type { DeliveryStats } from "../../store/post-store.js";
import type { DeliveryCounters } from "../../webhooks/counters.js";

export function registerWebhookMetrics(
  registry: Registry,
  counters: DeliveryCounters,
  stats: () => Promise<DeliveryStats>,
  clock: () => number = Date.now,
): void {
  const registers = [registry];
  new Counter({
    name: "folio_webhook_deliveries_total",
    help: "Delivery attempts made by this process, by outcome (delivered, retry, failed, gone)",
    labelNames: ["outcome"] as const,
    registers,
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(counters.attempts)) this.labels(outcome).inc(n);
    },
  });
  let last: DeliveryStats | undefined;
  let reading: { at: number; stats: Promise<DeliveryStats | undefined> } | undefined;
  // One query per scrape for both gauges; a store that cannot answer keeps the last values
  // rather than fail the whole scrape.
  const read = () => {
    if (reading === undefined || clock() - reading.at > 100) {
      const next = stats().then(
        (s) => (last = s),
        () => last,
      );
      reading = { at: clock(), stats: next };
    }
    return reading.stats;
  };
  new Gauge({
    name: "folio_webhook_queue_depth",
    help: "Deliveries waiting to be delivered (every node's)",
    registers,
    async collect() {
      this.set((await read())?.pending ?? 0);
    },
  });
  new Gauge({
    name: "folio_webhook_oldest_pending_age_seconds",
    help: "Age of the oldest undelivered event (0 when none waits)",
    registers,
    async collect() {
      const oldest = (await read())?.oldestPendingAt;
      this.set(oldest === undefined ? 0 : Math.max(0, (clock() - oldest) / 1000));
    },
  });
}
