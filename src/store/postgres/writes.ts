// The import transaction on PostgreSQL: one connection, one BEGIN … COMMIT around a whole
// file, so readers see the old version until the commit. Per batch: one query for the
// checks, a few multi-row statements for the writes. The change notice is queued with
// pg_notify just before COMMIT, which delivers it to every node at the moment of commit.
// The events the writes make go into the outbox in the same transaction (store/outbox.ts).
// Statements go through a Pipeline: BEGIN rides with the first question, a batch's writes
// with the reads of what they wrote, and the bodies, events and notice with the COMMIT, so
// an API create is four round trips (the slug, the checks, the write, the commit).
import type { Pool, PoolClient } from "pg";
import type { AuthoringWrites } from "../authoring-writes.js";
import {
  emptyChangeSet,
  noteChange,
  notePost,
  toNotice,
  type ChangeSet,
} from "../change-notice.js";
import { sweepGoLives } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import type {
  ChangeNotice,
  EndpointInput,
  WriteTransaction,
  NumberedRecord,
  PostInput,
  Rejection,
} from "../post-store.js";
import { postgresAuthoringWrites } from "./authoring-writes.js";
import { checkBatch } from "./batch-checks.js";
import { partsWithDistinctIds, writePart } from "./batch-writes.js";
import { writeEndpoints } from "./kept-writes.js";
import { CHANNEL, noticePayload } from "./changes.js";
import { postgresOutboxIo, postgresSweepIo } from "./outbox.js";
import { Pipeline } from "./pipeline.js";
import { ignoreLostConnection } from "./pool.js";
import type { StoredRow } from "../post-row.js";
import type { Represent } from "../stored-bytes.js";
import { postsOfAuthors, refreshBytes } from "./stored-bytes.js";

// Declaration merging: the authoring methods are assigned in the constructor (authoring-writes.ts).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PostgresWrite extends AuthoringWrites {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PostgresWrite implements WriteTransaction {
  private open = true;
  private readonly changed: ChangeSet = emptyChangeSet();
  private readonly outbox: Outbox;
  private readonly sql: Pipeline;
  /** The posts the last batch wrote, as read back for their bodies. */
  private readonly readBack = new Map<string, StoredRow>();

  private constructor(
    private readonly client: PoolClient,
    private readonly translate: (error: unknown) => unknown,
    private readonly notifyLocal: (notice: ChangeNotice) => void,
    /** Every event of this transaction is decided at or after this instant. */
    private readonly startedAt: number,
    private readonly represent: Represent | undefined,
  ) {
    this.sql = new Pipeline(client);
    this.outbox = new Outbox(postgresOutboxIo(this.sql));
    const deleted = async (id: string, publicationId: string, tags: string[]) => {
      this.readBack.clear();
      notePost(this.changed, id, [publicationId], tags);
      await this.outbox.deleted([id], Date.now());
    };
    const readBack = (id: string) => this.readBack.get(id);
    Object.assign(this, postgresAuthoringWrites(this.sql, translate, deleted, readBack));
  }

  static async begin(
    pool: Pool,
    translate: (error: unknown) => unknown,
    notifyLocal: (notice: ChangeNotice) => void,
    represent: Represent | undefined,
    bulk = true,
  ) {
    let client: PoolClient | undefined;
    const startedAt = Date.now();
    try {
      client = await pool.connect();
      // Lost between statements, a checked-out client emits 'error', which nothing else hears.
      client.on("error", ignoreLostConnection);
      // Sent with the first question. An import is a batch job: the read timeout must not
      // cut a large file short. Every statement of an import finds rows by key, but the
      // planner has no statistics for rows this transaction wrote: left alone, it scans whole
      // tables (or starts parallel workers) on every batch, and a large import slows down
      // quadratically. A small write (one API request) keeps the pool's timeout and the
      // planner's choices.
      const write = new PostgresWrite(client, translate, notifyLocal, startedAt, represent);
      for (const statement of bulk ? BEGIN_BULK : ["BEGIN"]) write.sql.send(statement);
      return write;
    } catch (error) {
      client?.off("error", ignoreLostConnection);
      client?.release(true);
      throw translate(error);
    }
  }

  async apply(batch: readonly NumberedRecord[]): Promise<Rejection[]> {
    if (!this.open) throw new Error("import transaction is already finished");
    if (batch.length === 0) return [];
    this.readBack.clear();
    try {
      const checked = await checkBatch(this.sql, batch);
      const { rejections } = checked;
      // An endpoint hears only of what is written after it: not of the posts of its own file.
      const endpoints: NumberedRecord[] = [];
      const accepted = checked.accepted.filter((item) => {
        if (item.record.type !== "webhookEndpoint") return true;
        endpoints.push(item);
        return false;
      });
      const posts = accepted.map((a) => a.record).filter((r): r is PostInput => r.type === "post");
      await this.outbox.beforeWrite(posts, Date.now());
      const written = Promise.all(
        partsWithDistinctIds(accepted).map((part) => writePart(this.sql, part, this.changed)),
      );
      for (const { record } of accepted) noteChange(this.changed, record);
      // Bodies embed their authors: an author's change rewrites every post that shows it.
      // Without author lines nothing waits for the writes: the reads of what they wrote
      // (for the bodies and the events) go in the same round trip, after them.
      const shown = accepted.some((item) => item.record.type === "author")
        ? await postsOfAuthors(this.sql, (await written).flat())
        : [];
      const [, rows] = await Promise.all([
        written,
        refreshBytes(this.sql, this.represent, [...posts.map((p) => p.id), ...shown]),
        this.outbox.written(posts, Date.now()),
      ]);
      for (const row of rows) this.readBack.set(row.id, row);
      for (const part of partsWithDistinctIds(endpoints)) {
        writeEndpoints(
          this.sql,
          part.map((item) => item.record as EndpointInput),
        );
      }
      return rejections;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async commit(): Promise<void> {
    if (!this.open) return;
    const payload = noticePayload(this.changed);
    try {
      // A post this transaction wrote as scheduled may have gone live since: announced here,
      // before the commit, so no sweep can miss it (store/go-live-events.ts).
      const now = Date.now();
      if (this.outbox.goesLiveBy(now))
        await sweepGoLives(postgresSweepIo(this.sql), this.outbox.stored, now, this.startedAt);
      if (payload !== undefined) this.sql.send("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
      await this.sql.query("COMMIT");
      this.finish();
    } catch (error) {
      this.finish(true);
      throw this.translate(error);
    }
    // This process reads its own writes at once; other nodes hear the NOTIFY.
    if (payload !== undefined) this.notifyLocal(toNotice(this.changed));
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    try {
      await this.sql.rollback();
      this.finish();
    } catch {
      // The connection is gone, and the transaction with it: nothing was written.
      this.finish(true);
    }
  }

  /** Returns the connection to the pool, or destroys it when it may be broken. */
  private finish(broken = false): void {
    this.open = false;
    this.client.off("error", ignoreLostConnection);
    this.client.release(broken);
  }
}

const BEGIN_BULK = [
  "BEGIN",
  "SET LOCAL statement_timeout = 0",
  "SET LOCAL enable_seqscan = off",
  "SET LOCAL max_parallel_workers_per_gather = 0",
];
