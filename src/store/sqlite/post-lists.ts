// Keyset-paged lists on SQLite. Each is one range of one index, read backwards from the
// position after which the page starts: `(published_at, id) < (?, ?)` is a row-value range
// SQLite seeks to, so page 1,000 costs what page 1 costs. The plan is pinned, not left to
// statistics: INDEXED BY names the index, CROSS JOIN keeps the list's table outermost, and
// the keyset term comes first so it, not the visibility bound, is the range SQLite uses.
import type Database from "better-sqlite3";
import { FIRST_POSITION, type ListQuery, type PostLists } from "../post-lists.js";
import type { PostRecord } from "../post-store.js";
import { visibleWhere } from "../visibility.js";
import { columns, contentColumns } from "./queries.js";
import { toPostRecord, type PostRow } from "./rows.js";
import { Statements } from "./statements.js";

const keyset = (alias: string, id: string) => `(${alias}.published_at, ${alias}.${id}) < (?, ?)`;
const newestFirst = (alias: string, id: string) =>
  `ORDER BY ${alias}.published_at DESC, ${alias}.${id} DESC LIMIT ?`;
const withPublication = `CROSS JOIN publications pub ON pub.id = p.publication_id`;

// Parameters in order: [key,] position time, position id, visible-at [, visible-at], limit.
const byPublication = `FROM posts p INDEXED BY posts_by_publication_time ${withPublication}
  WHERE p.publication_id = ? AND ${keyset("p", "id")} AND ${visibleWhere("p", "?")}
  ${newestFirst("p", "id")}`;
// The category row's copy of status and time picks the range; the post's own is checked too.
const byTag = `FROM post_categories c INDEXED BY post_categories_by_tag
  CROSS JOIN posts p ON p.id = c.post_id ${withPublication}
  WHERE c.name = ? AND ${keyset("c", "post_id")} AND ${visibleWhere("c", "?")}
    AND ${visibleWhere("p", "?")}
  ${newestFirst("c", "post_id")}`;
const everything = `FROM posts p INDEXED BY posts_by_time ${withPublication}
  WHERE ${keyset("p", "id")} AND ${visibleWhere("p", "?")} ${newestFirst("p", "id")}`;

const select = (withContent: boolean) => `SELECT ${columns}${withContent ? contentColumns : ""}`;

export const LIST_SQL = {
  publication: `${select(false)} ${byPublication}`,
  publicationWithContent: `${select(true)} ${byPublication}`,
  tag: `${select(false)} ${byTag}`,
  tagWithContent: `${select(true)} ${byTag}`,
  everything: `${select(false)} ${everything}`,
  everythingWithContent: `${select(true)} ${everything}`,
  cursorKey: `SELECT value FROM folio_keys WHERE name = 'cursor'`,
};

export class SqlitePostLists implements PostLists {
  private readonly statements: Statements<keyof typeof LIST_SQL>;

  constructor(db: Database.Database) {
    this.statements = new Statements(db, LIST_SQL);
  }

  async listPosts(query: ListQuery): Promise<PostRecord[]> {
    const { scope, withContent, limit } = query;
    const { publishedAt, id } = query.after ?? FIRST_POSITION;
    // Visible at `now` and before the position is visible at whichever is earlier; bound so,
    // the visibility term starts its range where the page starts, should SQLite pick it.
    const at = Math.min(query.visibleAt, publishedAt);
    const [name, args] =
      "publicationId" in scope
        ? (["publication", [scope.publicationId, publishedAt, id, at, limit]] as const)
        : "tag" in scope
          ? (["tag", [scope.tag, publishedAt, id, at, at, limit]] as const)
          : (["everything", [publishedAt, id, at, limit]] as const);
    const rows = this.statements.all<PostRow>(withContent ? `${name}WithContent` : name, args);
    return rows.map(toPostRecord);
  }

  async cursorKey(): Promise<string> {
    const row = this.statements.get<{ value: string }>("cursorKey", []);
    if (row === undefined) throw new Error("the store has no cursor key; run folio migrate");
    return row.value;
  }
}
