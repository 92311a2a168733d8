// What operators run on PostgreSQL: schema steps (serialized across nodes inside
// migrations.ts), and re-derivation after a renderer change, told to this process at once.
import type pg from "pg";
import { contentOnly, emptyChangeSet } from "../change-notice.js";
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
      if (updates.length === 0) return 0;
      const changed = await onPrimary((c) => updateDerived(c, updates, represent));
      if (changed.length > 0) notify(contentOnly(changed));
      return changed.length;
    },
  };
}

// A column that came out as stored keeps its old value, so PostgreSQL keeps its TOASTed bytes
// rather than compressing and writing them again, and a post none of whose bodies differ is
// not written at all. Markdown is set only where it differs: setting it, even to itself,
// computes the generated search vector again, the costliest part of the write.
const SAME_OR_NEW = `content_json = CASE WHEN p.content_json = u.json THEN p.content_json ELSE u.json END,
    static_html = CASE WHEN p.static_html = u.html THEN p.static_html ELSE u.html END,
    renderer_version = u.version`;

// In this order, in one transaction: each statement finds only what those before it left.
const UPDATE_MARKDOWN = `UPDATE posts p SET markdown = u.markdown, ${SAME_OR_NEW}
  FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
    AS u(id, json, html, version, markdown)
  WHERE p.id = u.id AND p.markdown IS DISTINCT FROM u.markdown RETURNING p.id`;
const UPDATE_RENDERED = `UPDATE posts p SET ${SAME_OR_NEW}
  FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS u(id, json, html, version)
  WHERE p.id = u.id
    AND (p.content_json IS DISTINCT FROM u.json OR p.static_html IS DISTINCT FROM u.html)
  RETURNING p.id`;
const UPDATE_VERSION = `UPDATE posts p SET renderer_version = u.version
  FROM unnest($1::text[], $2::int[]) AS u(id, version)
  WHERE p.id = u.id AND p.renderer_version IS DISTINCT FROM u.version
  RETURNING p.id`;

/**
 * Re-derived content for a batch of posts, in one transaction: the posts whose content
 * differed (written, their stored responses made again, a `post.updated` for those readers
 * see, and a notice), and the renderer version of the rest.
 */
async function updateDerived(
  client: pg.PoolClient,
  updates: readonly DerivedUpdate[],
  represent: Represent | undefined,
): Promise<string[]> {
  const sql = new Pipeline(client);
  sql.send("BEGIN");
  try {
    sql.send("SET LOCAL statement_timeout = 0");
    const ids = updates.map((u) => u.id);
    const versions = updates.map((u) => u.rendererVersion);
    const rendered = [ids, updates.map((u) => u.json), updates.map((u) => u.staticHtml), versions];
    const written = [
      sql.query<{ id: string }>(UPDATE_MARKDOWN, [...rendered, updates.map((u) => u.markdown)]),
      sql.query<{ id: string }>(UPDATE_RENDERED, rendered),
    ];
    const moved = sql.query<{ id: string }>(UPDATE_VERSION, [ids, versions]);
    const changed = (await Promise.all(written)).flatMap((r) => r.rows.map((row) => row.id));
    // Any write to a post drops its stored responses (a trigger), so the version-only
    // posts have theirs made again too; their bytes come out as they were.
    const rewritten = [...changed, ...(await moved).rows.map((r) => r.id)];
    // The events are made from the rows the stored responses were made from.
    const refreshed = refreshBytes(sql, represent, rewritten);
    await Promise.all([
      refreshed,
      new Outbox(postgresOutboxIo(sql, refreshed)).rerendered(changed, Date.now()),
    ]);
    // Content only: no post moves in or out of a list, so the notice names none.
    const payload = noticePayload({ ...emptyChangeSet(), postIds: new Set(changed) });
    if (changed.length > 0 && payload !== undefined)
      sql.send("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    await sql.query("COMMIT");
    return changed;
  } catch (error) {
    await sql.rollback().catch(() => {});
    throw error;
  }
}
