// The delivery queue: one row per event and endpoint, claimed by one node at a
// time under a lease, so a node that dies mid-attempt only delays its deliveries.
import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from "./kysely.js";
import type { EventType } from "./post-events.js";
import { optional, statement, type Executor } from "./statement.js";
import type { Tables } from "./tables.js";
import { DELIVERY_COLUMNS, toDeliveryRecord } from "./webhook-rows.js";

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

// Written once for both backends (statement.ts) but the claim, which each backend makes
// atomic its own way (SQLite: one transaction; PostgreSQL: FOR UPDATE SKIP LOCKED).

interface Finish {
  id: string;
  owner: string;
  status: number | null;
  error: string | null;
  /** When it was delivered, or when it is due again. */
  at: number;
}

type Deliveries = UpdateQueryBuilder<
  Tables,
  "webhook_deliveries",
  "webhook_deliveries",
  UpdateResult
>;

/** Only the owner's lease on a pending delivery lets it record the attempt; the lease ends. */
const held = (update: Deliveries, a: Finish) =>
  update
    .set({ lease_until: 0, lease_owner: null, last_status: a.status, last_error: a.error })
    .where("id", "=", a.id)
    .where("lease_owner", "=", a.owner)
    .where("state", "=", "pending");

const FINISH = {
  delivered: statement((db, a: Finish) =>
    held(db.updateTable("webhook_deliveries").set({ state: "delivered", delivered_at: a.at }), a),
  ),
  retry: statement((db, a: Finish) =>
    held(db.updateTable("webhook_deliveries").set({ next_attempt_at: a.at }), a),
  ),
  failed: statement((db, a: Finish) =>
    held(db.updateTable("webhook_deliveries").set({ state: "failed" }), a),
  ),
};

const endpointOf = (db: Kysely<Tables>, delivery: string) =>
  db.selectFrom("webhook_deliveries").select("endpoint_id").where("id", "=", delivery);

const DISABLE = statement((db, a: { id: string; at: number; reason: string }) =>
  db
    .updateTable("webhook_endpoints")
    .set({ disabled_at: a.at, disabled_reason: a.reason })
    .where("id", "=", endpointOf(db, a.id))
    .where("disabled_at", "is", null),
);

const FAIL_PENDING = statement((db, a: { id: string; error: string }) =>
  db
    .updateTable("webhook_deliveries")
    .set({ state: "failed", last_error: a.error, lease_until: 0, lease_owner: null })
    .where("endpoint_id", "=", endpointOf(db, a.id))
    .where("state", "=", "pending"),
);

const LIST = statement(
  (
    db,
    a: {
      publicationId: string | null;
      endpointId: string | null;
      failedOnly: boolean;
      limit: number;
    },
  ) =>
    db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_events as e", "e.id", "d.event_id")
      .innerJoin("webhook_endpoints as w", "w.id", "d.endpoint_id")
      .select(DELIVERY_COLUMNS)
      .where(optional("w.publication_id", a.publicationId))
      .where(optional("d.endpoint_id", a.endpointId))
      .where(sql<boolean>`(NOT ${a.failedOnly} OR d.state = 'failed')`)
      .orderBy("d.seq", "desc")
      // Cast, not bare: see limit.ts.
      .limit(sql<number>`cast(${a.limit} as integer)`),
);

const STATS = statement((db) =>
  db
    .selectFrom("webhook_deliveries")
    .select((eb) => [
      sql<number>`cast(count(*) as integer)`.as("pending"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("state", "=", "pending"),
);

// On PostgreSQL the row is locked until the transaction ends: a claim cannot take it between
// the read and the write. SQLite's transaction holds the whole database already.
const REDELIVERY = statement((db, a: { id: string; publicationId: string | null }, dialect) => {
  const read = db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as w", "w.id", "d.endpoint_id")
    .select(["d.state", "d.lease_until as lease", "w.disabled_at as disabled"])
    .where("d.id", "=", a.id)
    .where(optional("w.publication_id", a.publicationId));
  return dialect === "postgres" ? read.forUpdate("d") : read;
});

const REQUEUE = statement((db, a: { id: string; now: number }) =>
  db
    .updateTable("webhook_deliveries")
    .set({ state: "pending", next_attempt_at: a.now, retry_since: a.now })
    .set({ lease_until: 0, lease_owner: null })
    .where("id", "=", a.id),
);

interface DeliveryIo {
  /** Where attempts are recorded (on SQLite the background connection, in its turn). */
  queue: Executor;
  /** Where the lists and redeliveries of the authoring API run. */
  main: Executor;
  claim: (claim: Claim) => Promise<ClaimedDelivery[]>;
}

export function webhookDeliveryStore(io: DeliveryIo): WebhookDeliveryStore {
  const { queue, main } = io;
  return {
    claimDeliveries: io.claim,
    async finishAttempt(r) {
      const { outcome } = r;
      const at = outcome.kind === "retry" ? outcome.nextAttemptAt : r.at;
      const finish = {
        id: r.id,
        owner: r.owner,
        status: r.status ?? null,
        error: r.error ?? null,
        at,
      };
      if (outcome.kind !== "gone") {
        await queue.changes(FINISH[outcome.kind], finish);
        return;
      }
      await queue.transaction(async (tx) => {
        if ((await tx.changes(FINISH.failed, finish)) === 0) return;
        await tx.changes(DISABLE, { id: r.id, at: r.at, reason: "410 Gone" });
        await tx.changes(FAIL_PENDING, {
          id: r.id,
          error: "endpoint disabled: it answered 410 Gone",
        });
      });
    },
    async listDeliveries(f) {
      const rows = await main.rows(LIST, {
        publicationId: f.publicationId ?? null,
        endpointId: f.endpointId ?? null,
        failedOnly: f.failedOnly === true,
        limit: f.limit,
      });
      return rows.map(toDeliveryRecord);
    },
    redeliver: (id, now, publicationId) =>
      main.transaction(async (tx) => {
        const [row] = await tx.rows(REDELIVERY, { id, publicationId: publicationId ?? null });
        if (row === undefined) return "not_found" as const;
        if (row.disabled !== null) return "endpoint_disabled" as const;
        // Being attempted right now: it is as queued as it can be.
        if (row.state === "pending" && Number(row.lease) > now) return "queued" as const;
        await tx.changes(REQUEUE, { id, now });
        return "queued" as const;
      }),
    async deliveryStats() {
      const [stats] = await main.rows(STATS, {});
      // An aggregate without GROUP BY answers one row, whatever the table holds.
      const { pending, oldest } = stats!;
      return oldest === null ? { pending } : { pending, oldestPendingAt: Number(oldest) };
    },
  };
}
