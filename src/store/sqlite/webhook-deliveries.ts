// The delivery queue on SQLite (store/webhook-deliveries.ts), on the background connection.
// Each call is one synchronous transaction, so a claim is atomic without row locks.
import type { Database } from "better-sqlite3";
import type {
  AttemptResult,
  Claim,
  ClaimedDelivery,
  WebhookDeliveryStore,
} from "../webhook-deliveries.js";
import { DELIVERY_COLUMNS, toDeliveryRecord, type DeliveryRow } from "../webhook-rows.js";
import { numbered, type Background } from "./background.js";
import { limitBy } from "../limit.js";

// Due and unleased, and no earlier delivery of the same post to the same endpoint still
// pending: events of one post reach each endpoint in order. Oldest due first (the index).
const CLAIM = `UPDATE webhook_deliveries
    SET lease_owner = ?1, lease_until = ?2 + ?3, attempts = attempts + 1, last_attempt_at = ?2
  WHERE seq IN (
    SELECT d.seq FROM webhook_deliveries d
     WHERE d.state = 'pending' AND d.next_attempt_at <= ?2 AND d.lease_until <= ?2
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                        WHERE e.state = 'pending' AND e.endpoint_id = d.endpoint_id
                          AND e.post_id = d.post_id AND e.seq < d.seq)
     ORDER BY d.next_attempt_at ${limitBy("?4")})
  RETURNING seq`;

const CLAIMED = `SELECT d.id, d.event_id AS eventId, d.endpoint_id AS endpointId, w.url, w.secret,
    e.payload, CASE WHEN w.include_content = 1 THEN e.content END AS content, d.attempts,
    d.retry_since AS retrySince
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
  JOIN webhook_endpoints w ON w.id = d.endpoint_id
  WHERE d.seq IN (SELECT value FROM json_each(?)) ORDER BY d.seq`;

const HELD = `id = ?1 AND lease_owner = ?2 AND state = 'pending'`;
const RELEASE = `lease_until = 0, lease_owner = NULL, last_status = ?3, last_error = ?4`;
const FINISH = {
  delivered: `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = ?5, ${RELEASE}
    WHERE ${HELD}`,
  retry: `UPDATE webhook_deliveries SET next_attempt_at = ?5, ${RELEASE} WHERE ${HELD}`,
  failed: `UPDATE webhook_deliveries SET state = 'failed', ${RELEASE} WHERE ${HELD}`,
};

const DISABLE = `UPDATE webhook_endpoints SET disabled_at = ?2, disabled_reason = ?3
  WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?1) AND disabled_at IS NULL`;
const FAIL_PENDING = `UPDATE webhook_deliveries SET state = 'failed', last_error = ?2,
    lease_until = 0, lease_owner = NULL
  WHERE endpoint_id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?1)
    AND state = 'pending'`;

export function sqliteWebhookDeliveries(
  main: Database,
  background: Background,
): WebhookDeliveryStore {
  return {
    claimDeliveries: (claim) =>
      background.exclusive((db) => db.transaction(() => claimOn(db, claim))()),
    finishAttempt: (result) =>
      background.exclusive((db) => void db.transaction(() => finishOn(db, result))()),
    async listDeliveries(f) {
      const rows = main
        .prepare(
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
             JOIN webhook_events e ON e.id = d.event_id
             JOIN webhook_endpoints w ON w.id = d.endpoint_id
            WHERE (?1 IS NULL OR w.publication_id = ?1) AND (?2 IS NULL OR d.endpoint_id = ?2)
              AND (?3 = 0 OR d.state = 'failed')
            ORDER BY d.seq DESC ${limitBy("?4")}`,
        )
        .all(
          numbered(
            f.publicationId ?? null,
            f.endpointId ?? null,
            +(f.failedOnly === true),
            f.limit,
          ),
        );
      return (rows as DeliveryRow[]).map(toDeliveryRecord);
    },
    redeliver: (id, now, publicationId) =>
      background.onMain(() => main.transaction(() => redeliverOn(main, id, now, publicationId))()),
    async deliveryStats() {
      const row = main
        .prepare(
          `SELECT count(*) AS pending, min(created_at) AS oldest FROM webhook_deliveries
            WHERE state = 'pending'`,
        )
        .get() as { pending: number; oldest: number | null };
      return row.oldest === null
        ? { pending: row.pending }
        : { pending: row.pending, oldestPendingAt: row.oldest };
    },
  };
}

function claimOn(db: Database, c: Claim): ClaimedDelivery[] {
  const seqs = db
    .prepare(CLAIM)
    .pluck()
    .all(numbered(c.owner, c.now, c.leaseMs, c.limit));
  if (seqs.length === 0) return [];
  const rows = db.prepare(CLAIMED).all(JSON.stringify(seqs)) as ClaimedDelivery[];
  return rows.map((row) => (row.content === null ? { ...row, content: undefined } : row));
}

function finishOn(db: Database, r: AttemptResult): void {
  const { outcome } = r;
  const kind = outcome.kind === "gone" ? "failed" : outcome.kind;
  const last = [r.id, r.owner, r.status ?? null, r.error ?? null] as const;
  const args =
    outcome.kind === "retry"
      ? [...last, outcome.nextAttemptAt]
      : outcome.kind === "delivered"
        ? [...last, r.at]
        : last;
  const held = db.prepare(FINISH[kind]).run(numbered(...args)).changes > 0;
  if (!held || outcome.kind !== "gone") return;
  db.prepare(DISABLE).run(numbered(r.id, r.at, "410 Gone"));
  db.prepare(FAIL_PENDING).run(numbered(r.id, "endpoint disabled: it answered 410 Gone"));
}

function redeliverOn(db: Database, id: string, now: number, publicationId?: string) {
  const row = db
    .prepare(
      `SELECT d.state, d.lease_until AS leaseUntil, w.disabled_at AS disabledAt
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.id = ?1 AND (?2 IS NULL OR w.publication_id = ?2)`,
    )
    .get(numbered(id, publicationId ?? null)) as
    { state: string; leaseUntil: number; disabledAt: number | null } | undefined;
  if (row === undefined) return "not_found" as const;
  if (row.disabledAt !== null) return "endpoint_disabled" as const;
  // Being attempted right now: it is as queued as it can be.
  if (row.state === "pending" && row.leaseUntil > now) return "queued" as const;
  db.prepare(
    `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?2, retry_since = ?2,
       lease_until = 0, lease_owner = NULL WHERE id = ?1`,
  ).run(numbered(id, now));
  return "queued" as const;
}
