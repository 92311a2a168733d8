// The outbox's questions (store/outbox.ts) and a sweep's (store/go-live-events.ts), answered
// on an SQLite connection inside its open transaction. Statements are point lookups by key;
// SQLite has one writer, so nothing needs locking.
import type { Database, Statement } from "better-sqlite3";
import type { GoLiveCandidate, SweepIo } from "../go-live-events.js";
import type { NewDelivery, OutboxEvent, OutboxIo } from "../outbox.js";
import type { PostState } from "../post-events.js";
import { wentLiveWhere } from "../visibility.js";
import { POST_WITH_CONTENT } from "../post-reads.js";
import { toPostState, type PostRow } from "../post-row.js";
import {
  toAnnounced,
  toEndpointRecord,
  type AnnouncedRow,
  type EndpointRow,
} from "../webhook-rows.js";

const SQL = {
  announced: `SELECT * FROM webhook_posts WHERE post_id = ?`,
  publicationSlug: `SELECT slug FROM publications WHERE id = ?`,
  post: POST_WITH_CONTENT.sqlite.sql,
  newsletter: `SELECT 1 FROM posts WHERE id = ? AND send_newsletter = 1`,
  saveAnnounced: `INSERT INTO webhook_posts
      (post_id, publication_id, slug, visible, meta_hash, html_hash) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (post_id) DO UPDATE SET publication_id = excluded.publication_id,
      slug = excluded.slug, visible = excluded.visible, meta_hash = excluded.meta_hash,
      html_hash = excluded.html_hash`,
  removeAnnounced: `DELETE FROM webhook_posts WHERE post_id = ?`,
  liveEndpoints: `SELECT * FROM webhook_endpoints WHERE disabled_at IS NULL`,
  insertEvent: `INSERT INTO webhook_events
    (id, type, post_id, publication_id, created_at, payload, content) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertDelivery: `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, post_id, state,
      created_at, retry_since, next_attempt_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
  sweptUntil: `SELECT swept_until FROM webhook_sweep WHERE id = 1`,
  candidates: `SELECT p.id, p.published_at AS publishedAt FROM posts p
      LEFT JOIN webhook_posts w ON w.post_id = p.id
     WHERE ${wentLiveWhere("p", "?", "?")} AND coalesce(w.visible, 0) = 0
     ORDER BY p.id`,
  advance: `UPDATE webhook_sweep SET swept_until = max(swept_until, ?) WHERE id = 1`,
} as const;

type Statements = Record<keyof typeof SQL, Statement>;

const prepared = new WeakMap<Database, Statements>();

/** Statements are prepared once per connection, not once per transaction. */
function statements(db: Database): Statements {
  let s = prepared.get(db);
  if (s === undefined) {
    const entries = Object.entries(SQL).map(([name, text]) => [name, db.prepare(text)]);
    s = Object.fromEntries(entries) as Statements;
    prepared.set(db, s);
  }
  return s;
}

export function sqliteOutboxIo(db: Database): OutboxIo {
  const sql = statements(db);
  const byId = <T>(ids: readonly string[], read: (id: string) => T | undefined) => {
    const out = new Map<string, T>();
    for (const id of ids) {
      const value = read(id);
      if (value !== undefined) out.set(id, value);
    }
    return out;
  };
  return {
    lockPosts: async () => {},
    announced: async (ids) =>
      byId(ids, (id) => {
        const row = sql.announced.get(id) as AnnouncedRow | undefined;
        return row && toAnnounced(row);
      }),
    publicationSlugs: async (ids) =>
      byId(ids, (id) => (sql.publicationSlug.get(id) as { slug: string } | undefined)?.slug),
    loadPosts: async (ids) => byId(ids, (id) => loadPost(sql, id)),
    newsletterFlags: async (ids) => new Set(ids.filter((id) => sql.newsletter.get(id))),
    saveAnnounced: async (rows, removed) => {
      for (const r of rows) {
        sql.saveAnnounced.run(
          r.postId,
          r.publicationId,
          r.slug,
          +r.visible,
          r.metaHash,
          r.htmlHash,
        );
      }
      for (const id of removed) sql.removeAnnounced.run(id);
    },
    liveEndpoints: async () => (sql.liveEndpoints.all() as EndpointRow[]).map(toEndpointRecord),
    insertEvents: async (events, deliveries) => insertEvents(sql, events, deliveries),
  };
}

function loadPost(sql: Statements, id: string): PostState | undefined {
  const row = sql.post.get(...POST_WITH_CONTENT.sqlite.values({ id })) as PostRow | undefined;
  return row && toPostState(row);
}

function insertEvents(
  sql: Statements,
  events: readonly OutboxEvent[],
  deliveries: readonly NewDelivery[],
): void {
  for (const e of events) {
    sql.insertEvent.run(
      e.id,
      e.type,
      e.postId,
      e.publicationId,
      e.createdAt,
      e.payload,
      e.content ?? null,
    );
  }
  for (const d of deliveries) {
    sql.insertDelivery.run(
      d.id,
      d.eventId,
      d.endpointId,
      d.postId,
      d.createdAt,
      d.createdAt,
      d.createdAt,
    );
  }
}

export function sqliteSweepIo(db: Database): SweepIo {
  const sql = statements(db);
  return {
    sweptUntil: async () => (sql.sweptUntil.get() as { swept_until: number }).swept_until,
    candidates: async (from, now) => sql.candidates.all(from, now) as GoLiveCandidate[],
    lock: async (ids) => new Set(ids),
    advance: async (to) => void sql.advance.run(to),
  };
}
