// What operators run on PostgreSQL: schema steps (serialized across nodes inside
// migrations.ts), and re-derivation after a renderer change, told to this process at once.
import type pg from "pg";
import { contentOnly, emptyChangeSet, type ChangeSet } from "../change-notice.js";
import { Outbox } from "../outbox.js";
import type { ChangeNotice, DerivedUpdate, StoreMaintenance } from "../post-store.js";
import { applyMigrations, readSchemaState } from "./migrations.js";
import { CHANNEL, noticePayload } from "./changes.js";
import { postgresOutboxIo } from "./outbox.js";
import { Pipeline } from "./pipeline.js";
import type { OnPrimary } from "./pool.js";
import type { Represent } from "../stored-bytes.js";
import { fillMissingBytes, refreshBytes } from "./stored-bytes.js";

export function postgresMaintenance(
  onPrimary: OnPrimary,
  notify: (notice: ChangeNotice) => void,
  represent: Represent | undefined,
): Omit<StoreMaintenance, "ping" | "listPostSources"> {
  return {
    schemaState: () => onPrimary(readSchemaState),
    async migrate() {
      const state = await onPrimary(applyMigrations);
      // Posts stored before stored bodies (or by a store without a Represent) get theirs.
      if (represent !== undefined) {
        while ((await onPrimary((c) => fillMissingBytes(c, represent))) > 0);
      }
      return state;
    },
    async updateDerived(updates) {
      if (updates.length === 0) return;
      await onPrimary((c) => updateDerived(c, updates, represent));
      notify(contentOnly(updates.map((u) => u.id)));
    },
  };
}

const UPDATE_DERIVED = `UPDATE posts p SET content_json = u.json, static_html = u.html,
    markdown = u.markdown, renderer_version = u.version
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
    AS u(id, json, html, markdown, version)
  WHERE p.id = u.id`;

/** Re-derived content for a batch of posts: one statement, and its notice, in one transaction. */
async function updateDerived(
  client: pg.PoolClient,
  updates: readonly DerivedUpdate[],
  represent: Represent | undefined,
) {
  // Content only: no post moves in or out of a list, so the notice names none.
  const changed: ChangeSet = { ...emptyChangeSet(), postIds: new Set(updates.map((u) => u.id)) };
  const payload = noticePayload(changed);
  const sql = new Pipeline(client);
  sql.send("BEGIN");
  try {
    sql.send("SET LOCAL statement_timeout = 0");
    sql.send(UPDATE_DERIVED, [
      ...[updates.map((u) => u.id), updates.map((u) => u.json)],
      ...[updates.map((u) => u.staticHtml), updates.map((u) => u.markdown)],
      updates.map((u) => u.rendererVersion),
    ]);
    // New HTML a reader sees is a `post.updated`, recorded in the same transaction.
    const ids = updates.map((u) => u.id);
    await Promise.all([
      refreshBytes(sql, represent, ids),
      new Outbox(postgresOutboxIo(sql)).rerendered(ids, Date.now()),
    ]);
    if (payload !== undefined) sql.send("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    await sql.query("COMMIT");
  } catch (error) {
    await sql.rollback().catch(() => {});
    throw error;
  }
}
