// Webhook endpoints as the store keeps them. The signing secret is stored as given:
// every delivery is signed with it. It leaves the store only for the sender, never in a listing.
// The role is written once over a backend's executor: on PostgreSQL on the primary, on SQLite
// with its writes in their turn among the store's writers.
import type { EventType } from "./post-events.js";
import { UnknownPublicationError } from "./records.js";
import { statement, type Executor } from "./statement.js";
import { ENDPOINT_COLUMNS, toEndpointRecord } from "./webhook-rows.js";

export interface EndpointRecord {
  id: string;
  url: string;
  /** Only this publication's posts; absent: every publication's. */
  publicationId?: string;
  /** Only these events; absent: all of them. */
  events?: EventType[];
  /** Deliveries carry the post's content (Markdown, TipTap JSON, HTML). */
  includeContent: boolean;
  createdAt: number;
  /** Set when a receiver answered 410 Gone: nothing more is sent to it. */
  disabledAt?: number;
  disabledReason?: string;
}

export interface NewEndpoint extends EndpointRecord {
  /** `whsec_` + base64 of the key bytes (Standard Webhooks). */
  secret: string;
}

export interface WebhookEndpointStore {
  /** Stores a new endpoint; rejects with UnknownPublicationError for a missing publication. */
  createEndpoint(endpoint: NewEndpoint): Promise<void>;
  /** Every endpoint, or only those of one publication. Secrets are not included. */
  listEndpoints(publicationId?: string): Promise<EndpointRecord[]>;
  /** Removes the endpoint and its deliveries; false when none matched. */
  removeEndpoint(id: string, publicationId?: string): Promise<boolean>;
}

/** Whether an endpoint hears of this event about a post of this publication. */
export function endpointWants(
  endpoint: EndpointRecord,
  type: EventType,
  publicationId: string,
): boolean {
  if (endpoint.disabledAt !== undefined) return false;
  if (endpoint.publicationId !== undefined && endpoint.publicationId !== publicationId) {
    return false;
  }
  return endpoint.events === undefined || endpoint.events.includes(type);
}

// One error for both roles (keys and endpoints name a publication that must exist).
export { UnknownPublicationError };

interface Scope {
  /** Absent: every publication's endpoints. */
  publicationId: string | null;
}

// Inserts only when the publication, if one is named, exists: no row means it does not.
const CREATE = statement(
  (db, e: Omit<NewEndpoint, "events" | "publicationId"> & Scope & { events: string | null }) =>
    db
      .insertInto("webhook_endpoints")
      .columns(["id", "url", "publication_id", "events", "include_content", "secret", "created_at"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(e.id).as("id"),
            eb.val(e.url).as("url"),
            eb.val(e.publicationId).as("publication_id"),
            eb.val(e.events).as("events"),
            eb.val(e.includeContent).as("include_content"),
            eb.val(e.secret).as("secret"),
            eb.val(e.createdAt).as("created_at"),
          ])
          .where((eb) =>
            eb.or([
              eb(eb.cast(eb.val(e.publicationId), "text"), "is", null),
              eb.exists(
                db.selectFrom("publications").select("id").where("id", "=", e.publicationId!),
              ),
            ]),
          ),
      ),
);

const LIST = statement((db, a: Scope) =>
  db
    .selectFrom("webhook_endpoints")
    .select(ENDPOINT_COLUMNS)
    .where((eb) =>
      eb.or([
        eb(eb.cast(eb.val(a.publicationId), "text"), "is", null),
        eb("publication_id", "=", a.publicationId),
      ]),
    )
    .orderBy("created_at")
    .orderBy("id"),
);

const REMOVE = statement((db, a: Scope & { id: string }) =>
  db
    .deleteFrom("webhook_endpoints")
    .where("id", "=", a.id)
    .where((eb) =>
      eb.or([
        eb(eb.cast(eb.val(a.publicationId), "text"), "is", null),
        eb("publication_id", "=", a.publicationId),
      ]),
    ),
);

export function webhookEndpointStore(sql: Executor): WebhookEndpointStore {
  return {
    async createEndpoint(e) {
      const publicationId = e.publicationId ?? null;
      const events = e.events?.join(",") ?? null;
      if ((await sql.changes(CREATE, { ...e, publicationId, events })) === 0)
        throw new UnknownPublicationError(publicationId!);
    },
    async listEndpoints(publicationId) {
      const rows = await sql.rows(LIST, {
        publicationId: publicationId ?? null,
      });
      return rows.map(toEndpointRecord);
    },
    async removeEndpoint(id, publicationId) {
      return (await sql.changes(REMOVE, { id, publicationId: publicationId ?? null })) > 0;
    },
  };
}
