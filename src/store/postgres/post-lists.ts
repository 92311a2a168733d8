// Keyset-paged lists on PostgreSQL: each is one backward range of one index, starting at
// `ROW(published_at, id) < ROW($, $)`, so page 1,000 costs what page 1 costs.
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
import { hasNul, namedRead, type ReadContext } from "./reads.js";
import {
  CONTENT_COLUMNS as contentColumns,
  postColumns,
  toPostRecord,
  type PostRow,
} from "../post-row.js";

const keyset = (alias: string, id: string, first: number) =>
  `(${alias}.published_at, ${alias}.${id}) < ($${first}::bigint, $${first + 1})`;
const newestFirst = (alias: string, id: string, limit: number) =>
  `ORDER BY ${alias}.published_at DESC, ${alias}.${id} DESC LIMIT $${limit}`;
const withPublication = () => `JOIN publications pub ON pub.id = p.publication_id`;
// A body list joins each post's stored body; its last parameter says with content or not.
const withBody = (n: number) => `LEFT JOIN post_bytes b ON b.post_id = p.id AND b.content = $${n}`;
type Join = (parameter: number) => string;

// Parameters: [key,] position time, position id, visible-at, limit[, content].
const byPublication = (join: Join) => `FROM posts p ${join(6)}
  WHERE p.publication_id = $1 AND ${keyset("p", "id", 2)} AND ${visibleWhere("p", "$4")}
  ${newestFirst("p", "id", 5)}`;
// The category row's copy of status and time picks the range; the post's own is checked too.
const byTag = (join: Join) => `FROM post_categories c JOIN posts p ON p.id = c.post_id ${join(6)}
  WHERE c.name = $1 AND ${keyset("c", "post_id", 2)} AND ${visibleWhere("c", "$4")}
    AND ${visibleWhere("p", "$4")}
  ${newestFirst("c", "post_id", 5)}`;
// A category within one publication: the category's range, kept to the publication's posts.
const byPublicationTag = (join: Join) => `FROM post_categories c JOIN posts p ON p.id = c.post_id
  ${join(7)}
  WHERE c.name = $1 AND ${keyset("c", "post_id", 2)} AND ${visibleWhere("c", "$4")}
    AND ${visibleWhere("p", "$4")} AND p.publication_id = $6
  ${newestFirst("c", "post_id", 5)}`;
// An author's posts: few enough to sort, found by the author index.
const byAuthor = (join: Join) => `FROM post_authors pa JOIN posts p ON p.id = pa.post_id
  ${join(6)}
  WHERE pa.author_id = $1 AND ${keyset("p", "id", 2)} AND ${visibleWhere("p", "$4")}
  ${newestFirst("p", "id", 5)}`;
const everything = (join: Join) => `FROM posts p ${join(5)}
  WHERE ${keyset("p", "id", 1)} AND ${visibleWhere("p", "$3")} ${newestFirst("p", "id", 4)}`;

const columns = postColumns("postgres");
const select = (withContent: boolean) => `SELECT ${columns}${withContent ? contentColumns : ""}`;
const records = (withContent: boolean, from: (join: Join) => string) =>
  `${select(withContent)} ${from(withPublication)}`;
const bodies = (from: (join: Join) => string) =>
  `SELECT p.id, p.publication_id AS "publicationId", p.published_at AS "publishedAt", b.body
  ${from(withBody)}`;

export const LIST_SQL = listStatements(
  {
    ...{ publication: byPublication, tag: byTag, everything },
    ...{ publicationTag: byPublicationTag, author: byAuthor },
  },
  records,
  bodies,
);

const CURSOR_KEY = `SELECT value FROM folio_keys WHERE name = 'cursor'`;

// The posts either side of one in its publication, one step along the same index each way,
// both in one round trip.
const neighbour = (side: "older" | "newer", compare: "<" | ">", order: "ASC" | "DESC") => `
  (SELECT '${side}' AS side, p.slug, p.title FROM posts p
    WHERE p.publication_id = $1 AND (p.published_at, p.id) ${compare} ($2::bigint, $3)
      AND ${visibleWhere("p", "$4")}
    ORDER BY p.published_at ${order}, p.id ${order} LIMIT 1)`;
const NEIGHBOURS_SQL = `${neighbour("older", "<", "DESC")} UNION ALL ${neighbour("newer", ">", "ASC")}`;

interface NeighbourRow extends Neighbour {
  side: "older" | "newer";
}

export class PostgresPostLists implements PostLists {
  constructor(private readonly context: ReadContext) {}

  async listPosts(query: ListQuery): Promise<PostRecord[]> {
    const list = listArgs(query);
    if (list === undefined) return [];
    const [name, values] = list;
    const statement = query.withContent ? (`${name}WithContent` as const) : name;
    const rows = await namedRead<PostRow>(this.context, statement, LIST_SQL[statement], values);
    return rows.map(toPostRecord);
  }

  async listBodies(query: ListQuery): Promise<ListedBody[]> {
    const list = listArgs(query);
    if (list === undefined) return [];
    const [name, values] = list;
    const statement = `${name}Bodies` as const;
    const args = [...values, query.withContent];
    type Row = Omit<ListedBody, "body"> & { body: string | null };
    const rows = await namedRead<Row>(this.context, statement, LIST_SQL[statement], args);
    // BIGINT arrives as text: the cursor needs the number. Bodies are stored as text.
    return rows.map((row) => ({
      ...row,
      publishedAt: Number(row.publishedAt),
      body: row.body === null ? null : Buffer.from(row.body),
    }));
  }

  async neighbours({ publicationId, position, visibleAt }: NeighbourQuery) {
    if (hasNul([publicationId, position.id])) return {};
    const args = [publicationId, String(position.publishedAt), position.id, String(visibleAt)];
    const rows = await namedRead<NeighbourRow>(this.context, "neighbours", NEIGHBOURS_SQL, args);
    const found: { older?: Neighbour; newer?: Neighbour } = {};
    for (const { side, slug, title } of rows) found[side] = { slug, title };
    return found;
  }

  async cursorKey(): Promise<string> {
    const rows = await namedRead<{ value: string }>(this.context, "cursorKey", CURSOR_KEY, []);
    if (rows[0] === undefined) throw new Error("the store has no cursor key; run folio migrate");
    return rows[0].value;
  }
}

/** The list's statement (without its suffix) and its parameters; undefined: nothing matches. */
function listArgs(query: ListQuery) {
  const { scope, limit } = query;
  const { kind, keys } = scopeOf(scope);
  if (hasNul(keys)) return undefined;
  const { publishedAt, id } = query.after ?? FIRST_POSITION;
  // Visible at `now` and before the position is visible at whichever is earlier; bound so,
  // either bound can start the index range at the page's position.
  const at = String(Math.min(query.visibleAt, publishedAt));
  const page = [String(publishedAt), id, at, limit];
  // The publication of a category-in-a-publication list comes after the limit ($6).
  const [key, publicationId] = keys;
  const values = kind === "everything" ? page : [key, ...page];
  if (kind === "publicationTag") values.push(publicationId!);
  return [kind, values] as const;
}
