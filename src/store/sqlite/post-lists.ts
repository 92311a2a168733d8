// Keyset-paged lists on SQLite. Each is one range of one index, read backwards from the
// position after which the page starts: `(published_at, id) < (?, ?)` is a row-value range
// SQLite seeks to, so page 1,000 costs what page 1 costs. The plan is pinned, not left to
// statistics: INDEXED BY names the index, CROSS JOIN keeps the list's table outermost, and
// the keyset term comes first so it, not the visibility bound, is the range SQLite uses.
import type Database from "better-sqlite3";
import {
  FIRST_POSITION,
  listStatements,
  type ListedBody,
  type ListQuery,
  type Neighbour,
  type NeighbourQuery,
  type PostLists,
  scopeOf,
} from "../post-lists.js";
import type { PostRecord } from "../post-store.js";
import { visibleWhere } from "../visibility.js";
import {
  CONTENT_COLUMNS as contentColumns,
  postColumns,
  toPostRecord,
  type PostRow,
} from "../post-row.js";
import { Statements } from "./statements.js";
import { limitBy } from "../limit.js";

const keyset = (alias: string, id: string) => `(${alias}.published_at, ${alias}.${id}) < (?, ?)`;
const newestFirst = (alias: string, id: string) =>
  `ORDER BY ${alias}.published_at DESC, ${alias}.${id} DESC ${limitBy("?")}`;
const withPublication = `CROSS JOIN publications pub ON pub.id = p.publication_id`;
// A body list joins each post's stored body (its first parameter: with content or not).
const withBody = `LEFT JOIN post_bytes b ON b.post_id = p.id AND b.content = ?`;

// Parameters in order: [key,] position time, position id, visible-at [, visible-at], limit.
const byPublication = (join: string) => `FROM posts p INDEXED BY posts_by_publication_time
  ${join} WHERE p.publication_id = ? AND ${keyset("p", "id")} AND ${visibleWhere("p", "?")}
  ${newestFirst("p", "id")}`;
// The category row's copy of status and time picks the range; the post's own is checked too.
const byTag = (join: string) => `FROM post_categories c INDEXED BY post_categories_by_tag
  CROSS JOIN posts p ON p.id = c.post_id ${join}
  WHERE c.name = ? AND ${keyset("c", "post_id")} AND ${visibleWhere("c", "?")}
    AND ${visibleWhere("p", "?")}
  ${newestFirst("c", "post_id")}`;
// A category within one publication: the category's range, kept to the publication's posts.
const byPublicationTag = (join: string) => `FROM post_categories c INDEXED BY post_categories_by_tag
  CROSS JOIN posts p ON p.id = c.post_id ${join}
  WHERE c.name = ? AND ${keyset("c", "post_id")} AND ${visibleWhere("c", "?")}
    AND ${visibleWhere("p", "?")} AND p.publication_id = ?
  ${newestFirst("c", "post_id")}`;
// An author's posts: few enough to sort, found by the author index.
const byAuthor = (join: string) => `FROM post_authors pa INDEXED BY post_authors_by_author
  CROSS JOIN posts p ON p.id = pa.post_id ${join}
  WHERE pa.author_id = ? AND ${keyset("p", "id")} AND ${visibleWhere("p", "?")}
  ${newestFirst("p", "id")}`;
const everything = (join: string) => `FROM posts p INDEXED BY posts_by_time ${join}
  WHERE ${keyset("p", "id")} AND ${visibleWhere("p", "?")} ${newestFirst("p", "id")}`;

const columns = postColumns("sqlite");
const select = (withContent: boolean) => `SELECT ${columns}${withContent ? contentColumns : ""}`;
const records = (withContent: boolean, from: (join: string) => string) =>
  `${select(withContent)} ${from(withPublication)}`;
const bodies = (from: (join: string) => string) =>
  `SELECT p.id, p.publication_id AS publicationId, p.published_at AS publishedAt, b.body
  ${from(withBody)}`;

// The posts either side of one in its publication, one step along the same index each way.
const neighbour = (compare: "<" | ">", order: "ASC" | "DESC") => `SELECT p.slug, p.title
  FROM posts p INDEXED BY posts_by_publication_time
  WHERE p.publication_id = ? AND (p.published_at, p.id) ${compare} (?, ?)
    AND ${visibleWhere("p", "?")}
  ORDER BY p.published_at ${order}, p.id ${order} LIMIT 1`;

export const LIST_SQL = {
  older: neighbour("<", "DESC"),
  newer: neighbour(">", "ASC"),
  ...listStatements(
    {
      ...{ publication: byPublication, tag: byTag, everything },
      ...{ publicationTag: byPublicationTag, author: byAuthor },
    },
    records,
    bodies,
  ),
  cursorKey: `SELECT value FROM folio_keys WHERE name = 'cursor'`,
};

export class SqlitePostLists implements PostLists {
  private readonly statements: Statements<keyof typeof LIST_SQL>;

  constructor(db: Database.Database) {
    this.statements = new Statements(db, LIST_SQL);
  }

  async listPosts(query: ListQuery): Promise<PostRecord[]> {
    const [name, args] = listArgs(query);
    const rows = this.statements.all<PostRow>(
      query.withContent ? `${name}WithContent` : name,
      args,
    );
    return rows.map(toPostRecord);
  }

  async listBodies(query: ListQuery): Promise<ListedBody[]> {
    const [name, args] = listArgs(query);
    return this.statements.all<ListedBody>(`${name}Bodies`, [+query.withContent, ...args]);
  }

  async neighbours({ publicationId, position, visibleAt }: NeighbourQuery) {
    const args = [publicationId, position.publishedAt, position.id, visibleAt];
    const older = this.statements.get<Neighbour>("older", args);
    const newer = this.statements.get<Neighbour>("newer", args);
    return { ...(older && { older }), ...(newer && { newer }) };
  }

  async cursorKey(): Promise<string> {
    const row = this.statements.get<{ value: string }>("cursorKey", []);
    if (row === undefined) throw new Error("the store has no cursor key; run folio migrate");
    return row.value;
  }
}

/** The list's statement (without its suffix) and its parameters. */
function listArgs(query: ListQuery) {
  const { scope, limit } = query;
  const { publishedAt, id } = query.after ?? FIRST_POSITION;
  // Visible at `now` and before the position is visible at whichever is earlier; bound so,
  // the visibility term starts its range where the page starts, should SQLite pick it.
  const at = Math.min(query.visibleAt, publishedAt);
  const { kind, keys } = scopeOf(scope);
  const [key, publicationId] = keys;
  const args: Record<typeof kind, unknown[]> = {
    publication: [key, publishedAt, id, at, limit],
    tag: [key, publishedAt, id, at, at, limit],
    publicationTag: [key, publishedAt, id, at, at, publicationId, limit],
    author: [key, publishedAt, id, at, limit],
    everything: [publishedAt, id, at, limit],
  };
  return [kind, args[kind]] as const;
}
