// The delivery queue: one row per event and endpoint, claimed by one node at a
// time under a lease, so a node that dies mid-attempt only delays its deliveries.
import type { EventType } from "./post-events.js";

export type DeliveryState = "pending" | "delivered" | "failed";

/** A delivery this node now holds, with what it takes to send it. */
export interface ClaimedDelivery {
  id: string;
  /** The event's id: the `webhook-id` of every attempt of every delivery of it. */
  eventId: string;
  endpointId: string;
  url: string;
  secret: string;
  /** The event's JSON, without content. */
  payload: string;
  /** The post's content as JSON, when the endpoint asked for it. */
  content?: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Since when it has been retried: the give-up clock. */
  retrySince: number;
}

export interface Claim {
  /** Names the claiming process, so only it records the outcome. */
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
}

export type AttemptOutcome =
  | { kind: "delivered" }
  | { kind: "retry"; nextAttemptAt: number }
  | { kind: "failed" }
  /** 410 Gone: the delivery fails and the endpoint is disabled with everything pending for it. */
  | { kind: "gone" };

export interface AttemptResult {
  id: string;
  owner: string;
  at: number;
  outcome: AttemptOutcome;
  /** The receiver's status code, when it answered. */
  status?: number;
  /** Why it failed, short, for `deliveries`. */
  error?: string;
}

export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: EventType;
  postId: string;
  endpointId: string;
  state: DeliveryState;
  attempts: number;
  createdAt: number;
  lastAttemptAt?: number;
  nextAttemptAt?: number;
  lastStatus?: number;
  lastError?: string;
  deliveredAt?: number;
}

interface DeliveryFilter {
  publicationId?: string;
  endpointId?: string;
  failedOnly?: boolean;
  limit: number;
}

export interface DeliveryStats {
  pending: number;
  /** Creation time of the oldest pending delivery. */
  oldestPendingAt?: number;
}

type RedeliverResult = "queued" | "not_found" | "endpoint_disabled";

export interface WebhookDeliveryStore {
  /** Due deliveries, oldest event first, none behind an earlier pending one of its post. */
  claimDeliveries(claim: Claim): Promise<ClaimedDelivery[]>;
  /** Records an attempt; ignored if this owner no longer holds the delivery. */
  finishAttempt(result: AttemptResult): Promise<void>;
  /** Newest first. */
  listDeliveries(filter: DeliveryFilter): Promise<DeliveryRecord[]>;
  /** Queues the delivery again now, with a fresh give-up clock. */
  redeliver(id: string, now: number, publicationId?: string): Promise<RedeliverResult>;
  deliveryStats(): Promise<DeliveryStats>;
}
