// Row → record mapping of the webhook tables, shared by the backends. SQLite hands back
// numbers and 0/1; PostgreSQL BIGINT strings and booleans: both are read here.
import type { Announced, EventType } from "./post-events.js";
import type { DeliveryRecord, DeliveryState } from "./webhook-deliveries.js";
import type { EndpointRecord } from "./webhook-endpoints.js";

type Int = number | string;

export interface EndpointRow {
  id: string;
  url: string;
  publication_id: string | null;
  events: string | null;
  include_content: number | boolean;
  created_at: Int;
  disabled_at: Int | null;
  disabled_reason: string | null;
}

export const ENDPOINT_COLUMNS = [
  "id",
  "url",
  "publication_id",
  "events",
  "include_content",
  "created_at",
  "disabled_at",
  "disabled_reason",
] as const;

export function toEndpointRecord(row: EndpointRow): EndpointRecord {
  const endpoint: EndpointRecord = {
    id: row.id,
    url: row.url,
    includeContent: row.include_content === true || row.include_content === 1,
    createdAt: Number(row.created_at),
  };
  if (row.publication_id !== null) endpoint.publicationId = row.publication_id;
  if (row.events !== null) endpoint.events = row.events.split(",") as EventType[];
  if (row.disabled_at !== null) endpoint.disabledAt = Number(row.disabled_at);
  if (row.disabled_reason !== null) endpoint.disabledReason = row.disabled_reason;
  return endpoint;
}

export interface AnnouncedRow {
  post_id: string;
  publication_id: string;
  slug: string;
  visible: number | boolean;
  meta_hash: string | null;
  html_hash: string | null;
}

export function toAnnounced(row: AnnouncedRow): Announced {
  return {
    postId: row.post_id,
    publicationId: row.publication_id,
    slug: row.slug,
    visible: row.visible === true || row.visible === 1,
    metaHash: row.meta_hash,
    htmlHash: row.html_hash,
  };
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  type: EventType;
  post_id: string;
  endpoint_id: string;
  state: DeliveryState;
  attempts: number;
  created_at: Int;
  last_attempt_at: Int | null;
  next_attempt_at: Int;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Int | null;
}

export const DELIVERY_COLUMNS = [
  ...["d.id", "d.event_id", "e.type", "d.post_id", "d.endpoint_id", "d.state", "d.attempts"],
  ...["d.created_at", "d.last_attempt_at", "d.next_attempt_at", "d.last_status", "d.last_error"],
  "d.delivered_at",
] as const;

export function toDeliveryRecord(row: DeliveryRow): DeliveryRecord {
  const d: DeliveryRecord = {
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    postId: row.post_id,
    endpointId: row.endpoint_id,
    state: row.state,
    attempts: row.attempts,
    createdAt: Number(row.created_at),
  };
  if (row.last_attempt_at !== null) d.lastAttemptAt = Number(row.last_attempt_at);
  if (row.state === "pending") d.nextAttemptAt = Number(row.next_attempt_at);
  if (row.last_status !== null) d.lastStatus = row.last_status;
  if (row.last_error !== null) d.lastError = row.last_error;
  if (row.delivered_at !== null) d.deliveredAt = Number(row.delivered_at);
  return d;
}

/** The receiver's status and reason as stored: short, whatever it sent. */
export const MAX_ERROR_LENGTH = 300;
