// How `folio webhooks` prints endpoints and deliveries: one line each, tab-separated, so a
// person can read it and a script can cut it. A URL or a receiver's answer is outside text:
// every field goes through `shown`, so none can act on the terminal or add a column or a row.
import type { DeliveryRecord, EndpointRecord } from "../store/post-store.js";
import { shown } from "./terminal-text.js";

const row = (fields: readonly (string | number)[]) =>
  console.log(fields.map((f) => shown(String(f))).join("\t"));

const when = (ms: number | undefined) => (ms === undefined ? "-" : new Date(ms).toISOString());

export function printEndpoints(endpoints: readonly EndpointRecord[]): void {
  if (endpoints.length === 0) return console.log("no webhook endpoints");
  console.log(["id", "url", "publication", "events", "content", "state"].join("\t"));
  for (const e of endpoints) {
    const state =
      e.disabledAt === undefined
        ? "active"
        : `disabled ${when(e.disabledAt)} (${e.disabledReason})`;
    const events = e.events?.join(",") ?? "all";
    row([e.id, e.url, e.publicationId ?? "all", events, e.includeContent ? "yes" : "no", state]);
  }
}

export function printDeliveries(deliveries: readonly DeliveryRecord[]): void {
  if (deliveries.length === 0) return console.log("no deliveries");
  console.log(
    ["id", "event", "webhook-id", "post", "endpoint", "state", "attempts", "last", "at"].join("\t"),
  );
  for (const d of deliveries) {
    const last = d.lastError ?? (d.lastStatus === undefined ? "-" : `HTTP ${d.lastStatus}`);
    const at =
      d.state === "pending"
        ? `next ${when(d.nextAttemptAt)}`
        : when(d.deliveredAt ?? d.lastAttemptAt);
    row([d.id, d.eventType, d.eventId, d.postId, d.endpointId, d.state, d.attempts, last, at]);
  }
}
