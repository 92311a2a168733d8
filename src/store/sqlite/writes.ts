// The import transaction on SQLite: one BEGIN IMMEDIATE … COMMIT around a whole file, so
// readers (other connections, WAL mode) see the old version until the commit, and each
// checked record written in it. The events the writes make go into the outbox in the same
// transaction (store/outbox.ts).
import type { Database } from "better-sqlite3";
import {
  emptyChangeSet,
  noteChange,
  noteLists,
  notePost,
  toNotice,
  type ChangeSet,
} from "../change-notice.js";
import { authorColumns } from "../author-columns.js";
import { publicationColumns } from "../publication-columns.js";
import { postColumns } from "../post-columns.js";
import type { AuthoringWrites } from "../authoring-writes.js";
import { sweepGoLives } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import type {
  AuthorInput,
  ChangeNotice,
  EndpointInput,
  PublicationInput,
  WriteTransaction,
  NumberedRecord,
  PostInput,
  Rejection,
} from "../post-store.js";
import { sqliteAuthoringWrites } from "./authoring-writes.js";
import { sqliteOutboxIo, sqliteSweepIo } from "./outbox.js";
import { checkRecord } from "./batch-checks.js";
import {
  keptStatements,
  keyWithHash,
  type KeptStatements,
  writeApiKey,
  writeEndpoint,
  writeMedia,
  writePostKept,
} from "./kept-writes.js";
import { writeStatements, type WriteStatements } from "./write-statements.js";
import type { SqliteBytesWriter } from "./stored-bytes.js";

// Declaration merging: the authoring methods are assigned in the constructor (authoring-writes.ts).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SqliteWrite extends AuthoringWrites {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SqliteWrite implements WriteTransaction {
  private readonly sql: WriteStatements;
  private readonly kept: KeptStatements;
  private open = true;

  /** What this transaction wrote, told to listeners once it commits. */
  private readonly changed = emptyChangeSet();
  private readonly outbox: Outbox;
  /** Every event of this transaction is decided at or after this instant. */
  private readonly startedAt = Date.now();

  /** `db` has just begun its transaction (`beginImmediate`). */
  constructor(
    private readonly db: Database,
    private readonly notify: (notice: ChangeNotice) => void,
    private readonly bytes: SqliteBytesWriter,
  ) {
    this.sql = writeStatements(db);
    this.kept = keptStatements(db);
    Object.assign(
      this,
      sqliteAuthoringWrites(db, async (id, publicationId, tags) => {
        notePost(this.changed, id, [publicationId], tags);
        await this.outbox.deleted([id], Date.now());
      }),
    );
    this.outbox = new Outbox(sqliteOutboxIo(db));
    this.sql.holdSearch?.run();
  }

  async apply(batch: readonly NumberedRecord[]): Promise<Rejection[]> {
    const rejections: Rejection[] = [];
    const posts: PostInput[] = [];
    const authors: string[] = [];
    const endpoints: EndpointInput[] = [];
    const keyByHash = (hash: string) => keyWithHash(this.kept, hash);
    const given = batch.map((b) => b.record).filter((r): r is PostInput => r.type === "post");
    await this.outbox.beforeWrite(given, Date.now());
    for (const item of batch) {
      const rejection = checkRecord(this.sql, item, keyByHash);
      const { record } = item;
      if (rejection) rejections.push(rejection);
      // An endpoint hears only of what is written after it: not of the posts of its own file.
      else if (record.type === "webhookEndpoint") endpoints.push(record);
      else if (this.write(item)) authors.push(record.id);
      if (!rejection && record.type === "post") posts.push(record);
    }
    // Bodies embed their authors: an author's change rewrites every post that shows it.
    const ids = new Set([...posts.map((p) => p.id), ...this.bytes.postsOf(authors)]);
    // A later record of the same post is what its row holds: the map keeps the last.
    this.bytes.refresh(ids, new Map(posts.map((p) => [p.id, p.content])));
    await this.outbox.written(posts, Date.now());
    for (const endpoint of endpoints) writeEndpoint(this.kept, endpoint);
    return rejections;
  }

  /** Writes the record; true for an author whose stored fields changed. */
  private write({ record }: NumberedRecord): boolean {
    noteChange(this.changed, record);
    if (record.type === "author") return writeAuthor(this.sql, record);
    if (record.type === "publication") writePublication(this.sql, record);
    else if (record.type === "apiKey") writeApiKey(this.kept, record);
    else if (record.type === "media") writeMedia(this.kept, record);
    else if (record.type === "post") {
      writePost(this.sql, this.changed, record);
      writePostKept(this.kept, record);
    }
    return false;
  }

  /** Called once the transaction has ended, whichever way (the store's write queue). */
  onFinish: () => void = () => {};

  async commit(): Promise<void> {
    if (!this.open) return;
    // A post this transaction wrote as scheduled may have gone live since: announced here,
    // before the commit, so no sweep can miss it (store/go-live-events.ts).
    const now = Date.now();
    if (this.outbox.goesLiveBy(now))
      await sweepGoLives(sqliteSweepIo(this.db), this.outbox.stored, now, this.startedAt);
    this.indexPending();
    this.finish("COMMIT");
    const { all, postIds } = this.changed;
    if (all || postIds.size > 0) this.notify(toNotice(this.changed));
  }

  private indexPending(): void {
    if (!this.open) return;
    try {
      for (const statement of this.sql.indexPending) statement.run();
    } catch (error) {
      this.finish("ROLLBACK");
      throw error;
    }
  }

  async rollback(): Promise<void> {
    this.finish("ROLLBACK");
  }

  private finish(statement: "COMMIT" | "ROLLBACK"): void {
    if (!this.open) return;
    this.open = false;
    try {
      this.db.exec(statement);
    } finally {
      this.onFinish();
    }
  }
}

// One checked import record, written inside the transaction, with what it changes noted for
// the change notice.

export function writePublication(sql: WriteStatements, p: PublicationInput): void {
  sql.upsertPublication.run(...publicationColumns(p));
}

/** True when the author is new or changed; a same-valued line leaves its posts alone. */
export function writeAuthor(sql: WriteStatements, a: AuthorInput): boolean {
  return sql.upsertAuthor.run(...authorColumns(a)).changes > 0;
}

export function writePost(sql: WriteStatements, changed: ChangeSet, p: PostInput): void {
  noteLeftPublication(sql, changed, p.id);
  sql.upsertPost.run(...postColumns(p, (yes) => (yes ? 1 : 0)));
  sql.clearAuthors.run(p.id);
  p.authorIds.forEach((authorId, i) => sql.addAuthor.run(p.id, i, authorId));
  const left = sql.clearCategories.all(p.id) as string[];
  noteLists(changed, [], left);
  const time = p.publishedAt ?? null;
  p.categories.forEach((name, i) => sql.addCategory.run(p.id, i, name, p.status, time));
}

/** The publication a post was in before this write: its list loses the post. */
function noteLeftPublication(sql: WriteStatements, changed: ChangeSet, postId: string): void {
  if (changed.all) return;
  const before = sql.publicationOfPost.get(postId) as string | undefined;
  if (before !== undefined) noteLists(changed, [before], []);
}
