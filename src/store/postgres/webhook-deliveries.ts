// The delivery claim on PostgreSQL (store/webhook-deliveries.ts holds the rest of the queue).
// Many nodes claim at once: FOR UPDATE SKIP LOCKED hands each due row to one of them, and
// the lease keeps the others off it until the attempt is recorded or the lease runs out (its
// node died).
import type { PoolClient } from "pg";
import type { Claim, ClaimedDelivery } from "../webhook-deliveries.js";
import type { OnPrimary } from "./pool.js";

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

/** Claims due deliveries; rows another node is claiming meanwhile are skipped, not waited on. */
export function postgresClaim(onPrimary: OnPrimary) {
  return async (c: Claim): Promise<ClaimedDelivery[]> => {
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
  };
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
