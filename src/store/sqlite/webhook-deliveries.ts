// The delivery claim on SQLite (store/webhook-deliveries.ts holds the rest of the queue), on
// the background connection: one synchronous transaction, so it is atomic without row locks.
import type { Database } from "better-sqlite3";
import type { Claim, ClaimedDelivery } from "../webhook-deliveries.js";
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

/** Claims due deliveries in one synchronous transaction on the background connection. */
export function sqliteClaim(background: Background) {
  return (claim: Claim) => background.exclusive((db) => db.transaction(() => claimOn(db, claim))());
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
