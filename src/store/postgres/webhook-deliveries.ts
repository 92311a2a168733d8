// The delivery queue on PostgreSQL (store/webhook-deliveries.ts). Many nodes claim at once:
// FOR UPDATE SKIP LOCKED hands each due row to one of them, and the lease keeps the others
// off it until the attempt is recorded or the lease runs out (its node died).
import type { PoolClient } from "pg";
import type {
  AttemptResult,
  ClaimedDelivery,
  WebhookDeliveryStore,
} from "../webhook-deliveries.js";
import { DELIVERY_COLUMNS, toDeliveryRecord, type DeliveryRow } from "../webhook-rows.js";

export type OnPrimary = <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>;

// Due and unleased, and no earlier delivery of the same post to the same endpoint still
// pending: events of one post reach each endpoint in order. Oldest due first (the index).
const CLAIM = `WITH due AS (
    SELECT d.seq FROM webhook_deliveries d
     WHERE d.state = 'pending' AND d.next_attempt_at <= $2 AND d.lease_until <= $2
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                        WHERE e.state = 'pending' AND e.endpoint_id = d.endpoint_id
                          AND e.post_id = d.post_id AND e.seq < d.seq)
     ORDER BY d.next_attempt_at LIMIT $4
     FOR UPDATE SKIP LOCKED),
  claimed AS (
    UPDATE webhook_deliveries d SET lease_owner = $1, lease_until = $2::bigint + $3,
        attempts = d.attempts + 1, last_attempt_at = $2
      FROM due WHERE d.seq = due.seq
    RETURNING d.seq, d.id, d.event_id, d.endpoint_id, d.attempts, d.retry_since)
  SELECT c.id, c.event_id AS "eventId", c.endpoint_id AS "endpointId", w.url, w.secret,
      e.payload, CASE WHEN w.include_content THEN e.content END AS content, c.attempts,
      c.retry_since AS "retrySince"
    FROM claimed c JOIN webhook_events e ON e.id = c.event_id
    JOIN webhook_endpoints w ON w.id = c.endpoint_id
   ORDER BY c.seq`;

const HELD = `id = $1 AND lease_owner = $2 AND state = 'pending'`;
const RELEASE = `lease_until = 0, lease_owner = NULL, last_status = $3, last_error = $4`;
const FINISH = {
  delivered: `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = $5, ${RELEASE}
    WHERE ${HELD}`,
  retry: `UPDATE webhook_deliveries SET next_attempt_at = $5, ${RELEASE} WHERE ${HELD}`,
  failed: `UPDATE webhook_deliveries SET state = 'failed', ${RELEASE} WHERE ${HELD}`,
};
const DISABLE = `UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3
  WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = $1) AND disabled_at IS NULL`;
const FAIL_PENDING = `UPDATE webhook_deliveries SET state = 'failed', last_error = $2,
    lease_until = 0, lease_owner = NULL
  WHERE endpoint_id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = $1)
    AND state = 'pending'`;

const LIST = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id
    JOIN webhook_endpoints w ON w.id = d.endpoint_id
   WHERE ($1::text IS NULL OR w.publication_id = $1) AND ($2::text IS NULL OR d.endpoint_id = $2)
     AND (NOT $3 OR d.state = 'failed')
   ORDER BY d.seq DESC LIMIT $4`;

export function postgresWebhookDeliveries(onPrimary: OnPrimary): WebhookDeliveryStore {
  return {
    async claimDeliveries(c) {
      const { rows } = await onPrimary((client) =>
        client.query<ClaimedDelivery & { retrySince: string; content: string | null }>(CLAIM, [
          ...[c.owner, c.now, c.leaseMs, c.limit],
        ]),
      );
      return rows.map(({ content, retrySince, ...row }) => ({
        ...row,
        retrySince: Number(retrySince),
        ...(content === null ? {} : { content }),
      }));
    },
    finishAttempt: (result) => onPrimary((client) => finishOn(client, result)),
    async listDeliveries(f) {
      const values = [
        f.publicationId ?? null,
        f.endpointId ?? null,
        f.failedOnly === true,
        f.limit,
      ];
      const { rows } = await onPrimary((c) => c.query<DeliveryRow>(LIST, values));
      return rows.map(toDeliveryRecord);
    },
    redeliver: (id, now, publicationId) =>
      onPrimary((client) => redeliverOn(client, id, now, publicationId)),
    async deliveryStats() {
      const { rows } = await onPrimary((c) =>
        c.query<{ pending: number; oldest: string | null }>(
          `SELECT count(*)::int AS pending, min(created_at) AS oldest FROM webhook_deliveries
            WHERE state = 'pending'`,
        ),
      );
      const { pending, oldest } = rows[0]!;
      return oldest === null ? { pending } : { pending, oldestPendingAt: Number(oldest) };
    },
  };
}

async function finishOn(client: PoolClient, r: AttemptResult): Promise<void> {
  const { outcome } = r;
  const last = [r.id, r.owner, r.status ?? null, r.error ?? null];
  if (outcome.kind === "retry") {
    await client.query(FINISH.retry, [...last, outcome.nextAttemptAt]);
  } else if (outcome.kind === "delivered") {
    await client.query(FINISH.delivered, [...last, r.at]);
  } else if (outcome.kind === "failed") {
    await client.query(FINISH.failed, last);
  } else {
    await inTransaction(client, async () => {
      const held = await client.query(FINISH.failed, last);
      if (held.rowCount === 0) return;
      await client.query(DISABLE, [r.id, r.at, "410 Gone"]);
      await client.query(FAIL_PENDING, [r.id, "endpoint disabled: it answered 410 Gone"]);
    });
  }
}

async function redeliverOn(client: PoolClient, id: string, now: number, publicationId?: string) {
  return inTransaction(client, async () => {
    const { rows } = await client.query<{ state: string; lease: string; disabled: string | null }>(
      `SELECT d.state, d.lease_until AS lease, w.disabled_at AS disabled
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.id = $1 AND ($2::text IS NULL OR w.publication_id = $2) FOR UPDATE OF d`,
      [id, publicationId ?? null],
    );
    const row = rows[0];
    if (row === undefined) return "not_found" as const;
    if (row.disabled !== null) return "endpoint_disabled" as const;
    // Being attempted right now: it is as queued as it can be.
    if (row.state === "pending" && Number(row.lease) > now) return "queued" as const;
    await client.query(
      `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = $2, retry_since = $2,
         lease_until = 0, lease_owner = NULL WHERE id = $1`,
      [id, now],
    );
    return "queued" as const;
  });
}

export async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
