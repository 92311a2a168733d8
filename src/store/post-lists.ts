// Lists of visible posts, newest first, read a page at a time by keyset: a page starts
// strictly after the last post of the one before, in (publishedAt, id) order, so posts
// published or withdrawn meanwhile never shift the others into a duplicate or a skip.
import { sql, type RawBuilder } from "./kysely.js";
import { CONTENT_COLUMNS, postColumns, toPostRecord, type PostRow } from "./post-row.js";
import type { PostRecord } from "./records.js";
import {
  storedBodySql,
  storedJoinSql,
  storedBytes,
  type BodyForm,
  type StoredBodyRow,
  type StoredContent,
} from "./stored-bytes.js";
import { statement, type Dialect, type Reads, type Statement } from "./statement.js";
import { visibleAt } from "./visibility.js";

/**
 * Which posts a list holds: one publication's, one category's, every publication's, one
 * category's within one publication (`publicationTag`), or one author's.
 */
export type ListScope =
  | { publicationId: string }
  | { tag: string }
  | { everything: true }
  | { publicationTag: { publicationId: string; tag: string } }
  | { authorId: string };

type ScopeKind = "publication" | "tag" | "everything" | "publicationTag" | "author";

/** A scope's kind and its key (the publication, category or author it is about). */
export function scopeOf(scope: ListScope): { kind: ScopeKind; keys: string[] } {
  if ("publicationId" in scope) return { kind: "publication", keys: [scope.publicationId] };
  if ("tag" in scope) return { kind: "tag", keys: [scope.tag] };
  if ("publicationTag" in scope) {
    const { tag, publicationId } = scope.publicationTag;
    return { kind: "publicationTag", keys: [tag, publicationId] };
  }
  if ("authorId" in scope) return { kind: "author", keys: [scope.authorId] };
  return { kind: "everything", keys: [] };
}

/** Where a page ends: the last post's publication time and id. */
export interface ListPosition {
  publishedAt: number;
  id: string;
}

export interface ListQuery {
  scope: ListScope;
  /** The position of the last post already read; absent for the first page. */
  after?: ListPosition;
  limit: number;
  withContent: boolean;
  /** Posts visible at this instant only (visibility.ts), decided in the query. */
  visibleAt: number;
}

/** A listed post as its stored body (stored-bytes.ts): a page is joined from ready bytes. */
export interface ListedBody {
  id: string;
  publicationId: string;
  publishedAt: number;
  /** Null for a post stored without bytes: the page is then built from records. */
  body: Buffer | null;
  /** Listed with content: what goes in the body, at its place (store/stored-bytes.ts). */
  content?: StoredContent;
}

/** A post beside another in its publication's list: what a link to it needs. */
export interface Neighbour {
  slug: string;
  title: string;
}

export interface NeighbourQuery {
  publicationId: string;
  /** The post the neighbours are of. */
  position: ListPosition;
  visibleAt: number;
}

export interface PostLists {
  /**
   * The visible posts just older and just newer than `position` in the publication's list
   * (the keyset order of its pages), each absent at an end of the list.
   */
  neighbours(query: NeighbourQuery): Promise<{ older?: Neighbour; newer?: Neighbour }>;
  /** Up to `limit` visible posts of the scope after `after`, newest first. */
  listPosts(query: ListQuery): Promise<PostRecord[]>;
  /** The same posts as `listPosts`, as their stored bodies (with content or without). */
  listBodies(query: ListQuery): Promise<ListedBody[]>;
  /** The secret list cursors are signed with: one per store, the same on every node. */
  cursorKey(): Promise<string>;
}

/** A listed post as a page listing it was made of: its id, its stored body's validator. */
export interface ListedEtag {
  id: string;
  /** Absent when the post has no stored body. */
  etag?: string;
}

/** Before every real position: the first page starts here. */
export const FIRST_POSITION: ListPosition = { publishedAt: Number.MAX_SAFE_INTEGER, id: "" };

// Written once for both backends (statement.ts). Each list is one range of one index, read
// backwards from the position after which the page starts: `(published_at, id) < (?, ?)` is
// a row-value range the database seeks to, so page 1,000 costs what page 1 costs. On SQLite
// the plan is pinned, not left to statistics: INDEXED BY names the index, CROSS JOIN keeps
// the list's table outermost, and the keyset term comes first so it, not the visibility
// bound, is the range SQLite uses. PostgreSQL picks among the indexes that serve the range.

export interface ListArgs {
  /** The publication, category or author the list is about. */
  key: string;
  /** The publication of a category-in-a-publication list. */
  publicationId: string;
  publishedAt: number;
  id: string;
  /** Visible at: see `listArgs`. */
  at: number;
  limit: number;
}

/** A scope's FROM and WHERE through its ORDER BY and LIMIT, given the join it needs. */
type From = (dialect: Dialect, join: RawBuilder<unknown>, a: ListArgs) => RawBuilder<unknown>;

const raw = sql.raw;
/** SQLite's plan pin: the index a table is read by; a CROSS JOIN keeps that table outermost. */
const pin = (d: Dialect, table: string, index: string) =>
  raw(d === "sqlite" ? `${table} INDEXED BY ${index}` : table);
const joins = (d: Dialect) => raw(d === "sqlite" ? "CROSS JOIN" : "JOIN");
const keyset = (alias: string, id: string, a: ListArgs) =>
  sql`(${raw(`${alias}.published_at, ${alias}.${id}`)}) < (${a.publishedAt}, ${a.id})`;
const newestFirst = (alias: string, id: string, a: ListArgs) => {
  const order = raw(`${alias}.published_at DESC, ${alias}.${id} DESC`);
  // Cast, not bare: see limit.ts.
  return sql`ORDER BY ${order} LIMIT CAST(${a.limit} AS INTEGER)`;
};

const byPublication: From = (d, join, a) => {
  return sql`FROM ${pin(d, "posts p", "posts_by_publication_time")} ${join}
  WHERE p.publication_id = ${a.key} AND ${keyset("p", "id", a)} AND ${visibleAt("p", a.at)}
  ${newestFirst("p", "id", a)}`;
};
// The category row's copy of status and time picks the range; the post's own is checked too.
// `within`: a category within one publication, the category's range kept to its posts.
const byTag =
  (within: boolean): From =>
  (d, join, a) => {
    const publication = within ? sql` AND p.publication_id = ${a.publicationId}` : sql``;
    return sql`FROM ${pin(d, "post_categories c", "post_categories_by_tag")}
  ${joins(d)} posts p ON p.id = c.post_id ${join}
  WHERE c.name = ${a.key} AND ${keyset("c", "post_id", a)} AND ${visibleAt("c", a.at)}
    AND ${visibleAt("p", a.at)}${publication}
  ${newestFirst("c", "post_id", a)}`;
  };
// An author's posts: few enough to sort, found by the author index.
const byAuthor: From = (d, join, a) => {
  return sql`FROM ${pin(d, "post_authors pa", "post_authors_by_author")}
  ${joins(d)} posts p ON p.id = pa.post_id ${join}
  WHERE pa.author_id = ${a.key} AND ${keyset("p", "id", a)} AND ${visibleAt("p", a.at)}
  ${newestFirst("p", "id", a)}`;
};
const everything: From = (d, join, a) => {
  return sql`FROM ${pin(d, "posts p", "posts_by_time")} ${join}
  WHERE ${keyset("p", "id", a)} AND ${visibleAt("p", a.at)} ${newestFirst("p", "id", a)}`;
};

const SCOPES = {
  publication: byPublication,
  tag: byTag(false),
  everything,
  publicationTag: byTag(true),
  author: byAuthor,
};

const withPublication = (d: Dialect) =>
  sql`${joins(d)} publications pub ON pub.id = p.publication_id`;

const records = (kind: ScopeKind, content: boolean) =>
  statement(
    (_, a: ListArgs, dialect) =>
      sql<PostRow>`SELECT ${raw(postColumns(dialect))}${raw(content ? CONTENT_COLUMNS : "")}
  ${SCOPES[kind](dialect, withPublication(dialect), a)}`,
    `folio_v4_list_${kind}${content ? "_content" : ""}`,
  );

interface BodyRow extends Omit<ListedBody, "publishedAt" | "body" | "content">, StoredBodyRow {
  publishedAt: number | string;
}

const bodies = (kind: ScopeKind, form: BodyForm) =>
  statement(
    (_, a: ListArgs, dialect) =>
      sql<BodyRow>`SELECT p.id, p.publication_id AS "publicationId", p.published_at AS "publishedAt",
    ${raw(storedBodySql(form))}
  ${SCOPES[kind](dialect, storedJoinSql, a)}`,
    `folio_v6_list_${kind}_bodies${form === "full" ? "_content" : ""}`,
  );

/**
 * The first posts of a publication's list as `ListedEtag`s, newest first, as the text of a JSON
 * array of [id, etag] pairs (none: NULL on PostgreSQL): a subquery, for a statement that reads
 * what was made of the list beside it (store/site-pages.ts), which compares the text as it is.
 */
export function publicationEtags(d: Dialect, a: ListArgs): RawBuilder<unknown> {
  const listed = sql`SELECT p.id, b.etag ${byPublication(d, storedJoinSql, a)}`;
  // In the order the range yields them, with no sort of its own: a reader of the pairs that
  // ever saw them in another order would only make its page again.
  const agg =
    d === "sqlite"
      ? sql`json_group_array(json_array(l.id, l.etag))`
      : sql`json_agg(json_build_array(l.id, l.etag))::text`;
  return sql`(SELECT ${agg} FROM (${listed}) l)`;
}

export const LIST_STATEMENTS = Object.fromEntries(
  (Object.keys(SCOPES) as ScopeKind[]).map((kind) => [
    kind,
    {
      meta: records(kind, false),
      full: records(kind, true),
      bodies: { meta: bodies(kind, "meta"), full: bodies(kind, "full") },
    },
  ]),
) as Record<
  ScopeKind,
  {
    meta: Statement<ListArgs, PostRow>;
    full: Statement<ListArgs, PostRow>;
    bodies: Record<BodyForm, Statement<ListArgs, BodyRow>>;
  }
>;

interface NeighbourArgs {
  publicationId: string;
  publishedAt: number;
  id: string;
  now: number;
}

type Side = "older" | "newer";

// The posts either side of one in its publication, one step along the same index each way.
const neighbour = (d: Dialect, side: Side, a: NeighbourArgs) => {
  const [compare, order] = side === "older" ? ["<", "DESC"] : [">", "ASC"];
  const position = sql`(p.published_at, p.id) ${raw(compare)} (${a.publishedAt}, ${a.id})`;
  return sql<Neighbour & { side: Side }>`SELECT ${sql.lit(side)} AS side, p.slug, p.title
  FROM ${pin(d, "posts p", "posts_by_publication_time")}
  WHERE p.publication_id = ${a.publicationId} AND ${position} AND ${visibleAt("p", a.now)}
  ORDER BY ${raw(`p.published_at ${order}, p.id ${order}`)} LIMIT 1`;
};

// Both sides in one statement: one round trip on PostgreSQL, one step through the executor
// on SQLite. Each side is a subquery, as SQLite allows no ORDER BY or LIMIT on a compound's part.
export const NEIGHBOURS = statement((_, a: NeighbourArgs, d) => {
  const [older, newer] = [neighbour(d, "older", a), neighbour(d, "newer", a)];
  return sql<Neighbour & { side: Side }>`SELECT * FROM (${older}) o
  UNION ALL SELECT * FROM (${newer}) n`;
}, "folio_v4_neighbours");

const CURSOR_KEY = statement(
  (db) => db.selectFrom("folio_keys").select("value").where("name", "=", "cursor"),
  "folio_v4_cursor_key",
);

/** PostgreSQL hands BIGINT and the bodies as text. */
function toListedBody(row: BodyRow): ListedBody {
  const { body = null, content } = storedBytes(row);
  const listed: ListedBody = {
    id: row.id,
    publicationId: row.publicationId,
    publishedAt: Number(row.publishedAt),
    body,
  };
  if (content !== undefined) listed.content = content;
  return listed;
}

/** The list's arguments; unused ones are never bound. */
export function listArgs(query: ListQuery): [ScopeKind, ListArgs] {
  const { kind, keys } = scopeOf(query.scope);
  const [key = "", publicationId = ""] = keys;
  const { publishedAt, id } = query.after ?? FIRST_POSITION;
  // Visible at `now` and before the position is visible at whichever is earlier; bound so,
  // the visibility term starts its range where the page starts, should the planner pick it.
  const at = Math.min(query.visibleAt, publishedAt);
  const { limit } = query;
  return [kind, { key, publicationId, publishedAt, id, at, limit }];
}

export function postLists(reads: Reads): PostLists {
  return {
    async listPosts(query) {
      const [kind, args] = listArgs(query);
      const list = LIST_STATEMENTS[kind];
      return (await reads.rows(query.withContent ? list.full : list.meta, args)).map(toPostRecord);
    },
    async listBodies(query) {
      const [kind, args] = listArgs(query);
      const form = query.withContent ? "full" : "meta";
      return (await reads.rows(LIST_STATEMENTS[kind].bodies[form], args)).map(toListedBody);
    },
    async neighbours({ publicationId, position, visibleAt }) {
      const args = { publicationId, ...position, now: visibleAt };
      const found: { older?: Neighbour; newer?: Neighbour } = {};
      for (const { side, slug, title } of await reads.rows(NEIGHBOURS, args)) {
        found[side] = { slug, title };
      }
      return found;
    },
    async cursorKey() {
      const [row] = await reads.rows(CURSOR_KEY, {});
      if (row === undefined) throw new Error("the store has no cursor key; run folio migrate");
      return row.value;
    },
  };
}
