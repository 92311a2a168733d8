// The outbox's questions (store/outbox.ts) and a sweep's (store/go-live-events.ts), answered
// on the connection of an open PostgreSQL transaction, a batch per statement. A post's
// announced row is only ever written by whoever holds the post's row lock (a write, or a
// sweep that took it with SKIP LOCKED), so announced rows need no lock of their own.
import type { GoLiveCandidate, SweepIo } from "../go-live-events.js";
import type { NewDelivery, OutboxEvent, OutboxIo } from "../outbox.js";
import { wentLiveWhere } from "../visibility.js";
import {
  ENDPOINT_COLUMNS,
  toAnnounced,
  toEndpointRecord,
  type AnnouncedRow,
  type EndpointRow,
} from "../webhook-rows.js";
import type { Pipeline } from "./pipeline.js";
import {
  CONTENT_COLUMNS,
  POSTS_FROM,
  postColumns,
  toPostState,
  type PostRow,
} from "../post-row.js";

/** Posts by id with content, for events: one round trip for a batch. */
const POSTS_BY_IDS = `SELECT ${postColumns("postgres")}${CONTENT_COLUMNS} ${POSTS_FROM}
  WHERE p.id = ANY($1::text[])`;

const SAVE_ANNOUNCED = `INSERT INTO webhook_posts
    (post_id, publication_id, slug, visible, meta_hash, html_hash)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[])
  ON CONFLICT (post_id) DO UPDATE SET publication_id = excluded.publication_id,
    slug = excluded.slug, visible = excluded.visible, meta_hash = excluded.meta_hash,
    html_hash = excluded.html_hash`;

const INSERT_EVENTS = `INSERT INTO webhook_events
    (id, type, post_id, publication_id, created_at, payload, content)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[],
    $6::text[], $7::text[])`;

// WITH ORDINALITY keeps the given order, so sequence numbers follow the events' order.
const INSERT_DELIVERIES = `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, post_id,
    state, created_at, retry_since, next_attempt_at)
  SELECT u.id, u.event_id, u.endpoint_id, u.post_id, 'pending', u.at, u.at, u.at
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
      WITH ORDINALITY AS u(id, event_id, endpoint_id, post_id, at, n)
   ORDER BY u.n`;

// The writes are sent, not awaited: they ride with the transaction's next statement.
/**
 * `readBack`: posts this transaction has already read as they now stand (with their content),
 * so loading them for events does not read them again.
 */
export function postgresOutboxIo(sql: Pipeline, readBack?: Promise<readonly PostRow[]>): OutboxIo {
  const rows = async <T>(text: string, values: unknown[]) =>
    (await sql.query(text, values)).rows as T[];
  return {
    async lockPosts(ids) {
      sql.send(`SELECT id FROM posts WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [ids]);
    },
    async announced(ids) {
      const found = await rows<AnnouncedRow>(
        `SELECT post_id, publication_id, slug, visible, meta_hash, html_hash FROM webhook_posts
          WHERE post_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(found.map((r) => [r.post_id, toAnnounced(r)]));
    },
    async publicationSlugs(ids) {
      const found = await rows<{ id: string; slug: string }>(
        `SELECT id, slug FROM publications WHERE id = ANY($1::text[])`,
        [ids],
      );
      return new Map(found.map((r) => [r.id, r.slug]));
    },
    async loadPosts(ids) {
      const wanted = new Set(ids);
      const known = (await readBack)?.filter((row) => wanted.has(row.id)) ?? [];
      for (const row of known) wanted.delete(row.id);
      const found = wanted.size > 0 ? await rows<PostRow>(POSTS_BY_IDS, [[...wanted]]) : [];
      return new Map([...known, ...found].map((row) => [row.id, toPostState(row)]));
    },
    async newsletterFlags(ids) {
      const found = await rows<{ id: string }>(
        `SELECT id FROM posts WHERE id = ANY($1::text[]) AND send_newsletter`,
        [ids],
      );
      return new Set(found.map((r) => r.id));
    },
    async saveAnnounced(saved, removed) {
      if (saved.length > 0) {
        const columns = [[], [], [], [], [], []] as unknown[][];
        for (const r of saved) {
          [r.postId, r.publicationId, r.slug, r.visible, r.metaHash, r.htmlHash].forEach((v, i) =>
            columns[i]!.push(v),
          );
        }
        sql.send(SAVE_ANNOUNCED, columns);
      }
      if (removed.length > 0) {
        sql.send(`DELETE FROM webhook_posts WHERE post_id = ANY($1::text[])`, [removed]);
      }
    },
    async liveEndpoints() {
      const found = await rows<EndpointRow>(
        `SELECT ${ENDPOINT_COLUMNS.join(", ")} FROM webhook_endpoints WHERE disabled_at IS NULL`,
        [],
      );
      return found.map(toEndpointRecord);
    },
    async insertEvents(events, deliveries) {
      insertEvents(sql, events, deliveries);
    },
  };
}

function insertEvents(
  sql: Pipeline,
  events: readonly OutboxEvent[],
  deliveries: readonly NewDelivery[],
): void {
  const e = (pick: (event: OutboxEvent) => unknown) => events.map(pick);
  sql.send(INSERT_EVENTS, [
    ...[e((x) => x.id), e((x) => x.type), e((x) => x.postId), e((x) => x.publicationId)],
    ...[e((x) => x.createdAt), e((x) => x.payload), e((x) => x.content ?? null)],
  ]);
  const d = (pick: (delivery: NewDelivery) => unknown) => deliveries.map(pick);
  sql.send(INSERT_DELIVERIES, [
    ...[d((x) => x.id), d((x) => x.eventId), d((x) => x.endpointId), d((x) => x.postId)],
    d((x) => x.createdAt),
  ]);
}

const CANDIDATES = `SELECT p.id, p.published_at AS "publishedAt" FROM posts p
    LEFT JOIN webhook_posts w ON w.post_id = p.id
   WHERE ${wentLiveWhere("p", "$1", "$2")} AND w.visible IS NOT TRUE
   ORDER BY p.id`;

export function postgresSweepIo(sql: Pipeline): SweepIo {
  return {
    async sweptUntil() {
      const { rows } = await sql.query<{ t: string }>(
        `SELECT swept_until AS t FROM webhook_sweep WHERE id = 1`,
      );
      return Number(rows[0]!.t);
    },
    async candidates(from, now) {
      const { rows } = await sql.query<{ id: string; publishedAt: string }>(CANDIDATES, [
        from,
        now,
      ]);
      return rows.map((r): GoLiveCandidate => ({ id: r.id, publishedAt: Number(r.publishedAt) }));
    },
    async lock(ids) {
      const { rows } = await sql.query<{ id: string }>(
        `SELECT id FROM posts WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE SKIP LOCKED`,
        [ids],
      );
      return new Set(rows.map((r) => r.id));
    },
    async advance(to) {
      sql.send(`UPDATE webhook_sweep SET swept_until = GREATEST(swept_until, $1) WHERE id = 1`, [
        to,
      ]);
    },
  };
}
