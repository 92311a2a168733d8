// The import transaction on PostgreSQL: one connection, one BEGIN … COMMIT around a whole
// file, so readers see the old version until the commit. Per batch: one query for the
// checks, a few multi-row statements for the writes. The change notice is queued with
// pg_notify just before COMMIT, which delivers it to every node at the moment of commit.
import type { Pool, PoolClient } from "pg";
import { noteChange, type ChangeSet } from "../change-notice.js";
import type {
  ChangeNotice,
  DerivedUpdate,
  WriteTransaction,
  NumberedRecord,
  Rejection,
} from "../post-store.js";
import { checkBatch } from "./batch-checks.js";
import { partsWithDistinctIds, writePart } from "./batch-writes.js";
import { CHANNEL, noticePayload } from "./changes.js";

export class PostgresWrite implements WriteTransaction {
  private open = true;
  private readonly changed: ChangeSet = { all: false, postIds: new Set() };

  private constructor(
    private readonly client: PoolClient,
    private readonly translate: (error: unknown) => unknown,
    private readonly notifyLocal: (notice: ChangeNotice) => void,
  ) {}

  static async begin(
    pool: Pool,
    translate: (error: unknown) => unknown,
    notifyLocal: (notice: ChangeNotice) => void,
  ) {
    let client: PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query("BEGIN");
      // An import is a batch job: the read timeout must not cut a large file short.
      await client.query("SET LOCAL statement_timeout = 0");
      // Every statement of an import finds rows by key, but the planner has no statistics
      // for rows this transaction wrote: left alone, it scans whole tables (or starts
      // parallel workers) on every batch, and a large import slows down quadratically.
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL max_parallel_workers_per_gather = 0");
      return new PostgresWrite(client, translate, notifyLocal);
    } catch (error) {
      client?.release(true);
      throw translate(error);
    }
  }

  async apply(batch: readonly NumberedRecord[]): Promise<Rejection[]> {
    if (!this.open) throw new Error("import transaction is already finished");
    if (batch.length === 0) return [];
    try {
      const { accepted, rejections } = await checkBatch(this.client, batch);
      for (const part of partsWithDistinctIds(accepted)) await writePart(this.client, part);
      for (const { record } of accepted) noteChange(this.changed, record);
      return rejections;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async commit(): Promise<void> {
    if (!this.open) return;
    const payload = noticePayload(this.changed);
    try {
      if (payload !== undefined) {
        await this.client.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
      }
      await this.client.query("COMMIT");
      this.finish();
    } catch (error) {
      this.finish(true);
      throw this.translate(error);
    }
    // This process reads its own writes at once; other nodes hear the NOTIFY.
    const { all, postIds } = this.changed;
    if (payload !== undefined) this.notifyLocal({ all, postIds: [...postIds] });
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    try {
      await this.client.query("ROLLBACK");
      this.finish();
    } catch {
      // The connection is gone, and the transaction with it: nothing was written.
      this.finish(true);
    }
  }

  /** Returns the connection to the pool, or destroys it when it may be broken. */
  private finish(broken = false): void {
    this.open = false;
    this.client.release(broken);
  }
}

const UPDATE_DERIVED = `UPDATE posts p SET content_json = u.json, static_html = u.html,
    markdown = u.markdown, renderer_version = u.version
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
    AS u(id, json, html, markdown, version)
  WHERE p.id = u.id`;

/** Re-derived content for a batch of posts: one statement, and its notice, in one transaction. */
export async function updateDerived(client: PoolClient, updates: readonly DerivedUpdate[]) {
  const changed: ChangeSet = { all: false, postIds: new Set(updates.map((u) => u.id)) };
  const payload = noticePayload(changed);
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query(UPDATE_DERIVED, [
      ...[updates.map((u) => u.id), updates.map((u) => u.json)],
      ...[updates.map((u) => u.staticHtml), updates.map((u) => u.markdown)],
      updates.map((u) => u.rendererVersion),
    ]);
    if (payload !== undefined) {
      await client.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
