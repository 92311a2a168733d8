// Full-text search on SQLite FTS5. Terms arrive as letters and digits only (search.ts), and
// each is quoted here, so nothing a user typed is ever read as FTS5 query syntax.
import type Database from "better-sqlite3";
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
import { postColumns, toPostRecord, type PostRow } from "../post-row.js";
import { Statements } from "./statements.js";
import { limitBy } from "../limit.js";

const columns = postColumns("sqlite");

// bm25 is lower for a better match; a title hit weighs most, then the subtitle, then the
// categories and author names, then the text.
const postHits = (scoped: string) => `SELECT ${columns},
    substr(p.markdown, 1, ${MARKDOWN_HEAD_CHARS}) AS markdown_head
  FROM post_search s JOIN post_search_docs d ON d.doc = s.rowid
  JOIN posts p ON p.id = d.post_id JOIN publications pub ON pub.id = p.publication_id
  WHERE post_search MATCH ? AND ${visibleWhere("p", "?")}${scoped}
  ORDER BY bm25(post_search, 10.0, 4.0, 2.0, 2.0, 1.0), p.published_at DESC, p.id DESC ${limitBy("?")}`;

const SQL = {
  posts: postHits(""),
  postsOfPublication: postHits(" AND p.publication_id = ?"),
  publications: `SELECT ${PUBLICATION_COLUMNS}
    FROM publication_search s JOIN publication_search_docs d ON d.doc = s.rowid
    JOIN publications pub ON pub.id = d.publication_id
    WHERE publication_search MATCH ?
    ORDER BY bm25(publication_search, 10.0, 5.0, 2.0), pub.id ${limitBy("?")}`,
};

/** All the terms (implicit AND), the last one also as a prefix: `"small" "gard"*`. */
function matchExpression(terms: readonly string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `"${t}"*` : `"${t}"`)).join(" ");
}

export class SqliteSearch implements SearchReader {
  private readonly statements: Statements<keyof typeof SQL>;

  constructor(db: Database.Database) {
    this.statements = new Statements(db, SQL);
  }

  async searchPosts(query: PostSearchQuery): Promise<PostHit[]> {
    if (query.terms.length === 0) return [];
    const { publicationId, visibleAt, limit } = query;
    const match = matchExpression(query.terms);
    const rows =
      publicationId === undefined
        ? this.statements.all<Hit>("posts", [match, visibleAt, limit])
        : this.statements.all<Hit>("postsOfPublication", [match, visibleAt, publicationId, limit]);
    return rows.map((row) => ({ post: toPostRecord(row), markdownHead: row.markdown_head }));
  }

  async searchPublications(query: SearchQuery): Promise<PublicationRecord[]> {
    if (query.terms.length === 0) return [];
    const args = [matchExpression(query.terms), query.limit];
    return this.statements.all<PublicationRow>("publications", args).map(toPublicationRecord);
  }
}

interface Hit extends PostRow {
  markdown_head: string;
}
