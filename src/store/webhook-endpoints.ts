// Webhook endpoints as the store keeps them. The signing secret is stored as given:
// every delivery is signed with it. It leaves the store only for the sender, never in a listing.
import type { EventType } from "./post-events.js";

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
export { UnknownPublicationError } from "./records.js";
