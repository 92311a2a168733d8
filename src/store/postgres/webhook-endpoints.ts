// Webhook endpoints on PostgreSQL (store/webhook-endpoints.ts), on the primary.
import { UnknownPublicationError, type WebhookEndpointStore } from "../webhook-endpoints.js";
import { ENDPOINT_COLUMNS, toEndpointRecord, type EndpointRow } from "../webhook-rows.js";
import type { OnPrimary } from "./webhook-deliveries.js";

const INSERT = `INSERT INTO webhook_endpoints (id, url, publication_id, events, include_content,
    secret, created_at)
  SELECT $1, $2, $3, $4, $5, $6, $7
   WHERE $3::text IS NULL OR EXISTS (SELECT 1 FROM publications WHERE id = $3)`;

export function postgresWebhookEndpoints(onPrimary: OnPrimary): WebhookEndpointStore {
  return {
    async createEndpoint(e) {
      const pub = e.publicationId ?? null;
      const values = [e.id, e.url, pub, e.events?.join(",") ?? null, e.includeContent];
      const result = await onPrimary((c) => c.query(INSERT, [...values, e.secret, e.createdAt]));
      if (result.rowCount === 0) throw new UnknownPublicationError(pub!);
    },
    async listEndpoints(publicationId) {
      const { rows } = await onPrimary((c) =>
        c.query<EndpointRow>(
          `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
            WHERE $1::text IS NULL OR publication_id = $1 ORDER BY created_at, id`,
          [publicationId ?? null],
        ),
      );
      return rows.map(toEndpointRecord);
    },
    async removeEndpoint(id, publicationId) {
      const result = await onPrimary((c) =>
        c.query(
          `DELETE FROM webhook_endpoints WHERE id = $1 AND ($2::text IS NULL OR publication_id = $2)`,
          [id, publicationId ?? null],
        ),
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}
