// Stored response bytes on SQLite (store/stored-bytes.ts): the rewrite of the bodies of posts
// a write touched, run inside that write's transaction.
import type Database from "better-sqlite3";
import { limitBy } from "../limit.js";
import { toPostRecord, type PostRow } from "../post-row.js";
import { POST_WITH_CONTENT, POST_WITHOUT_CONTENT } from "../post-reads.js";
import type { PostContent } from "../records.js";
import type { Represent } from "../stored-bytes.js";
import { asStoreError, lazyStatements } from "./errors.js";

const SQL = {
  upsert: `INSERT INTO post_bytes (post_id, content, etag, body, full_etag, content_at)
    VALUES (?, 0, ?, ?, ?, ?)
    ON CONFLICT (post_id, content) DO UPDATE SET etag = excluded.etag, body = excluded.body,
      full_etag = excluded.full_etag, content_at = excluded.content_at`,
  drop: `DELETE FROM post_bytes WHERE post_id = ?`,
  dropWhole: `DELETE FROM post_bytes WHERE post_id = ? AND content = 1`,
  postsOfAuthor: `SELECT DISTINCT post_id FROM post_authors WHERE author_id = ?`,
  missing: `SELECT p.id FROM posts p
    WHERE NOT EXISTS (SELECT 1 FROM post_bytes b
      WHERE b.post_id = p.id AND b.content = 0 AND b.full_etag IS NOT NULL)
    ORDER BY p.id ${limitBy("?")}`,
};

// The post as every read gives it, run here on the write's connection inside its transaction.
const POST = POST_WITH_CONTENT.sqlite;
const META = POST_WITHOUT_CONTENT.sqlite;

/** Rewrites stored bodies; called inside a write transaction, on its connection. */
export class SqliteBytesWriter {
  private readonly sql: (text: string) => Database.Statement;

  constructor(
    db: Database.Database,
    private readonly represent: Represent | undefined,
  ) {
    this.sql = lazyStatements(db);
  }

  /**
   * The posts' bodies as they now read. Without a Represent the old bodies are only dropped:
   * a missing body is rebuilt on read, a stale one would be served. `written`: the content
   * this transaction last wrote to some of them, which is what their rows hold, so their
   * rows are read without it (at some 30 KB a post, most of what reading one back cost).
   */
  refresh(postIds: Iterable<string>, written?: ReadonlyMap<string, PostContent>): void {
    try {
      for (const id of postIds) this.refreshOne(id, written?.get(id));
    } catch (error) {
      throw asStoreError(error);
    }
  }

  private refreshOne(id: string, content: PostContent | undefined): void {
    if (this.represent === undefined) {
      this.sql(SQL.drop).run(id);
      return;
    }
    const read = content === undefined ? POST : META;
    const row = this.sql(read.sql).get(...read.values({ id })) as PostRow | undefined;
    // Deleted in this transaction: its bodies went with it (ON DELETE CASCADE).
    if (row === undefined) return;
    const post = toPostRecord(row);
    if (content !== undefined) post.content = content;
    const { meta, full } = this.represent(post);
    this.sql(SQL.upsert).run(id, meta.etag, meta.body, full.etag, full.at);
  }

  /** Every post that shows one of these authors: its body embeds the author. */
  postsOf(authorIds: Iterable<string>): string[] {
    const ids = new Set<string>();
    for (const author of authorIds) {
      const rows = this.sql(SQL.postsOfAuthor).pluck().all(author) as string[];
      for (const id of rows) ids.add(id);
    }
    return [...ids];
  }

  /** Up to `limit` posts without stored bodies get them; how many did (0: none left). */
  fillMissing(limit: number): number {
    if (this.represent === undefined) return 0;
    const ids = this.sql(SQL.missing).pluck().all(limit) as string[];
    // A body with content kept whole is an older Folio's, written beside a row it now fills.
    for (const id of ids) this.sql(SQL.dropWhole).run(id);
    this.refresh(ids);
    return ids.length;
  }
}
