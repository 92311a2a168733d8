// Webhook endpoints on SQLite (store/webhook-endpoints.ts).
import type { Database } from "better-sqlite3";
import {
  UnknownPublicationError,
  type NewEndpoint,
  type WebhookEndpointStore,
} from "../webhook-endpoints.js";
import { numbered, type Background } from "./background.js";
import { ENDPOINT_COLUMNS, toEndpointRecord, type EndpointRow } from "../webhook-rows.js";

/** Reads on the request connection; writes there too, in their turn (background.ts). */
export function sqliteWebhookEndpoints(db: Database, background: Background): WebhookEndpointStore {
  return {
    createEndpoint: (e) => background.onMain(() => create(db, e)),
    async listEndpoints(publicationId) {
      const rows = db
        .prepare(
          `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
            WHERE ?1 IS NULL OR publication_id = ?1 ORDER BY created_at, id`,
        )
        .all(numbered(publicationId ?? null)) as EndpointRow[];
      return rows.map(toEndpointRecord);
    },
    removeEndpoint: (id, publicationId) =>
      background.onMain(() => {
        const removed = db
          .prepare(
            `DELETE FROM webhook_endpoints WHERE id = ?1 AND (?2 IS NULL OR publication_id = ?2)`,
          )
          .run(numbered(id, publicationId ?? null));
        return removed.changes > 0;
      }),
  };
}

function create(db: Database, e: NewEndpoint): void {
  const pub = e.publicationId;
  if (pub !== undefined && !db.prepare(`SELECT 1 FROM publications WHERE id = ?`).get(pub)) {
    throw new UnknownPublicationError(pub);
  }
  db.prepare(
    `INSERT INTO webhook_endpoints (id, url, publication_id, events, include_content, secret,
          created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.id,
    e.url,
    pub ?? null,
    e.events?.join(",") ?? null,
    +e.includeContent,
    e.secret,
    e.createdAt,
  );
}
