// Full-text search on PostgreSQL (folio_english text search: stems, no stop words) over
// post_search and the generated publications.search (schema-search.ts, schema-discovery.ts).
// Terms arrive as letters and digits only (search.ts), so the tsquery built here has no
// operator a user chose.
import { PUBLICATION_COLUMNS, toPublicationRecord } from "../publication-columns.js";
import type { PublicationRow } from "../publication-columns.js";
import type { PublicationRecord } from "../post-store.js";
import {
  MARKDOWN_HEAD_CHARS,
  type PostHit,
  type PostSearchQuery,
  type SearchQuery,
  type SearchReader,
} from "../search.js";
import { visibleWhere } from "../visibility.js";
import { hasNul, namedRead, type ReadContext } from "./reads.js";
import { postColumns, toPostRecord, type PostRow } from "../post-row.js";

const columns = postColumns("postgres");

// ts_rank weighs a title (A) most, then the subtitle (B), then the categories and author
// names (C), then the text (D). The document is the expression post_search_doc indexes.
const postHits = (scoped: string) => `SELECT ${columns},
    left(p.markdown, ${MARKDOWN_HEAD_CHARS}) AS markdown_head
  FROM to_tsquery('folio_english', $1) q
  JOIN post_search s ON (s.text_doc || s.labels) @@ q
  JOIN posts p ON p.id = s.post_id JOIN publications pub ON pub.id = p.publication_id
  WHERE ${visibleWhere("p", "$2")}${scoped}
  ORDER BY ts_rank(s.text_doc || s.labels, q) DESC, p.published_at DESC, p.id DESC LIMIT $3`;

const SQL = {
  posts: postHits(""),
  postsOfPublication: postHits(" AND p.publication_id = $4"),
  publications: `SELECT ${PUBLICATION_COLUMNS}
    FROM to_tsquery('folio_english', $1) q JOIN publications pub ON pub.search @@ q
    ORDER BY ts_rank(pub.search, q) DESC, pub.id LIMIT $2`,
} as const;

/** All the terms, the last one also as a prefix: `small & gard:*`. */
function tsQuery(terms: readonly string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
}

export class PostgresSearch implements SearchReader {
  constructor(private readonly context: ReadContext) {}

  async searchPosts(query: PostSearchQuery): Promise<PostHit[]> {
    const { publicationId, visibleAt, limit, terms } = query;
    if (terms.length === 0 || hasNul([publicationId ?? ""])) return [];
    const values = [tsQuery(terms), String(visibleAt), limit];
    const rows =
      publicationId === undefined
        ? await namedRead<Hit>(this.context, "searchPosts", SQL.posts, values)
        : await namedRead<Hit>(this.context, "searchPostsOfPublication", SQL.postsOfPublication, [
            ...values,
            publicationId,
          ]);
    return rows.map((row) => ({ post: toPostRecord(row), markdownHead: row.markdown_head }));
  }

  async searchPublications(query: SearchQuery): Promise<PublicationRecord[]> {
    if (query.terms.length === 0) return [];
    const values = [tsQuery(query.terms), query.limit];
    const rows = await namedRead<PublicationRow>(
      this.context,
      "searchPublications",
      SQL.publications,
      values,
    );
    return rows.map(toPublicationRecord);
  }
}

interface Hit extends PostRow {
  markdown_head: string;
}
