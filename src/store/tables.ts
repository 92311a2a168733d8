// The tables as the statements written once (statement.ts) see them: each column's type when
// read, and when written. PostgreSQL reads BIGINT as a string, SQLite as a number; rows are
// turned into records by the mappers beside each role, so both are allowed here.
import type { ColumnType } from "./kysely.js";
import type { MediaFormat } from "./media.js";
import type { EventType } from "./post-events.js";
import type { PostStatus } from "./records.js";

/** Milliseconds since the epoch: written as a number, read as either. */
type Millis = ColumnType<number | string, number, number>;
type MaybeMillis = ColumnType<number | string | null, number | null, number | null>;

export interface Tables {
  folio_keys: { name: string; value: string };
  posts: {
    id: string;
    publication_id: string;
    slug: string;
    title: string;
    subtitle: string | null;
    image_url: string | null;
    status: PostStatus;
    published_at: MaybeMillis;
    updated_at: Millis;
    coin_id: string | null;
    renderer_version: number;
    content_json: string;
    static_html: string;
    markdown: string;
    post_preview: string | null;
    /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
    send_newsletter: ColumnType<boolean | number, boolean, boolean>;
    created_at: Millis;
  };
  post_authors: { post_id: string; position: number; author_id: string };
  post_categories: { post_id: string; position: number; name: string };
  post_slug_history: { publication_id: string; slug: string; post_id: string };
  post_views: { post_id: string; views: Millis };
  post_bytes: {
    post_id: string;
    /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
    content: ColumnType<boolean | number, boolean, boolean>;
    etag: string;
    /** TEXT on PostgreSQL, a BLOB on SQLite. */
    body: string | Buffer;
    /** The validator of the body with content; NULL in a row an older Folio wrote. */
    full_etag: string | null;
    /** The byte of `body` the content's members go in at; NULL as `full_etag`. */
    content_at: number | null;
  };
  site_pages: {
    post_id: string;
    fingerprint: string;
    etag: string;
    body: Uint8Array;
    gzip: Uint8Array;
    br: Uint8Array;
  };
  site_home_pages: {
    publication_id: string;
    fingerprint: string;
    etag: string;
    body: Uint8Array;
    gzip: Uint8Array;
    br: Uint8Array;
  };
  publications: {
    id: string;
    slug: string;
    name: string;
    owner_user_id: string | null;
    custom_domain: string | null;
    custom_domain_host: string | null;
    summary: string | null;
    logo_url: string | null;
  };
  authors: {
    id: string;
    publication_id: string;
    name: string;
    wallet_address: string | null;
    avatar_url: string | null;
    bio: string | null;
    social_username: string | null;
    social_display_name: string | null;
    /** BIGINT on PostgreSQL: read as a string there. */
    social_fid: ColumnType<number | string | null, number | null, number | null>;
  };
  api_keys: {
    id: string;
    publication_id: string;
    name: string | null;
    hash: string;
    hint: string;
    created_at: Millis;
    revoked_at: MaybeMillis;
  };
  idempotency_keys: {
    publication_id: string;
    key: string;
    request_hash: string;
    answer: string | null;
    created_at: Millis;
  };
  webhook_endpoints: {
    id: string;
    url: string;
    publication_id: string | null;
    events: string | null;
    /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
    include_content: ColumnType<boolean | number, boolean, boolean>;
    secret: string;
    created_at: Millis;
    disabled_at: MaybeMillis;
    disabled_reason: string | null;
  };
  desk_invites: {
    hash: string;
    publication_id: string;
    user_id: string;
    created_at: Millis;
    expires_at: Millis;
    used_at: MaybeMillis;
  };
  desk_sessions: {
    id: string;
    hash: string;
    publication_id: string;
    user_id: string;
    csrf: string;
    method: string;
    created_at: Millis;
    last_seen_at: Millis;
    expires_at: Millis;
    revoked_at: MaybeMillis;
  };
  desk_challenges: {
    challenge: string;
    purpose: "register" | "signin";
    session_id: string | null;
    expires_at: Millis;
  };
  desk_passkeys: {
    id: string;
    publication_id: string;
    user_id: string;
    public_key: Uint8Array;
    counter: Millis;
    transports: string;
    created_at: Millis;
    last_used_at: MaybeMillis;
  };
  webhook_events: {
    id: string;
    type: EventType;
    post_id: string;
    publication_id: string;
    created_at: Millis;
    payload: string;
    content: string | null;
  };
  webhook_deliveries: {
    seq: ColumnType<number | string, never, never>;
    id: string;
    event_id: string;
    endpoint_id: string;
    post_id: string;
    state: "pending" | "delivered" | "failed";
    attempts: number;
    created_at: Millis;
    retry_since: Millis;
    next_attempt_at: Millis;
    lease_until: Millis;
    lease_owner: string | null;
    last_attempt_at: MaybeMillis;
    last_status: number | null;
    last_error: string | null;
    delivered_at: MaybeMillis;
  };
  media: {
    id: string;
    publication_id: string;
    format: MediaFormat;
    width: number;
    height: number;
    created_at: Millis;
  };
  media_variants: {
    media_id: string;
    width: number;
    height: number;
    etag: string;
    bytes: Uint8Array;
  };
}
