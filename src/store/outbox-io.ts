// What the outbox (outbox.ts) asks of a backend inside its open write transaction, and
// the rows it hands back to be stored: each backend answers these in <backend>/outbox.ts.
import type { Announced, PostState } from "./post-events.js";
import type { EndpointRecord } from "./webhook-endpoints.js";

export interface OutboxEvent {
  id: string;
  type: string;
  postId: string;
  publicationId: string;
  createdAt: number;
  payload: string;
  /** Stored only when an endpoint that includes content wants the event. */
  content?: string;
}

export interface NewDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  postId: string;
  createdAt: number;
}

/** What a backend answers inside its open transaction. */
export interface OutboxIo {
  /** Holds these posts' rows until the transaction ends (PostgreSQL; SQLite has one writer). */
  lockPosts(ids: readonly string[]): Promise<void>;
  /** The announced rows of these posts (on PostgreSQL, their post rows are locked by now). */
  announced(ids: readonly string[]): Promise<Map<string, Announced>>;
  publicationSlugs(ids: readonly string[]): Promise<Map<string, string>>;
  /** The posts as stored now, with content; a missing id is a post that is gone. */
  loadPosts(ids: readonly string[]): Promise<Map<string, PostState>>;
  /** Which of these posts were last written asking for a newsletter. */
  newsletterFlags(ids: readonly string[]): Promise<Set<string>>;
  saveAnnounced(rows: readonly Announced[], removed: readonly string[]): Promise<void>;
  liveEndpoints(): Promise<EndpointRecord[]>;
  insertEvents(events: readonly OutboxEvent[], deliveries: readonly NewDelivery[]): Promise<void>;
}
