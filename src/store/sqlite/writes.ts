// The import transaction on SQLite: one BEGIN IMMEDIATE … COMMIT around a whole file, so
// readers (other connections, WAL mode) see the old version until the commit.
import type { Database, Statement } from "better-sqlite3";
import { noteChange } from "../change-notice.js";
import type {
  AuthorInput,
  ChangeNotice,
  WriteTransaction,
  NumberedRecord,
  PostInput,
  PublicationInput,
  Rejection,
} from "../post-store.js";

type Check = (r: NumberedRecord) => Rejection | undefined;

export class SqliteWrite implements WriteTransaction {
  private readonly sql: Record<string, Statement>;
  private open = true;

  /** What this transaction wrote, told to listeners once it commits. */
  private readonly changed = { all: false, postIds: new Set<string>() };

  constructor(
    private readonly db: Database,
    private readonly notify: (notice: ChangeNotice) => void,
  ) {
    const prepare = (text: string) => db.prepare(text);
    this.sql = {
      publicationById: prepare(`SELECT 1 FROM publications WHERE id = ?`).pluck(),
      publicationBySlug: prepare(`SELECT id FROM publications WHERE slug = ?`).pluck(),
      upsertPublication: prepare(`INSERT INTO publications (id, slug, name) VALUES (?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name`),
      authorById: prepare(`SELECT 1 FROM authors WHERE id = ?`).pluck(),
      upsertAuthor: prepare(`INSERT INTO authors (id, publication_id, name, wallet_address,
          avatar_url, bio, social_username, social_display_name, social_fid)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
          name = excluded.name, wallet_address = excluded.wallet_address,
          avatar_url = excluded.avatar_url, bio = excluded.bio,
          social_username = excluded.social_username,
          social_display_name = excluded.social_display_name, social_fid = excluded.social_fid`),
      postBySlug: prepare(`SELECT id FROM posts WHERE publication_id = ? AND slug = ?`).pluck(),
      upsertPost: prepare(`INSERT INTO posts (id, publication_id, slug, title, subtitle,
          image_url, status, published_at, updated_at, coin_id, renderer_version,
          content_json, static_html, markdown)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
          slug = excluded.slug, title = excluded.title, subtitle = excluded.subtitle,
          image_url = excluded.image_url, status = excluded.status,
          published_at = excluded.published_at, updated_at = excluded.updated_at,
          coin_id = excluded.coin_id, renderer_version = excluded.renderer_version,
          content_json = excluded.content_json, static_html = excluded.static_html,
          markdown = excluded.markdown`),
      clearAuthors: prepare(`DELETE FROM post_authors WHERE post_id = ?`),
      addAuthor: prepare(
        `INSERT INTO post_authors (post_id, position, author_id) VALUES (?, ?, ?)`,
      ),
      clearCategories: prepare(`DELETE FROM post_categories WHERE post_id = ?`),
      addCategory: prepare(
        `INSERT INTO post_categories (post_id, position, name) VALUES (?, ?, ?)`,
      ),
    };
    db.exec("BEGIN IMMEDIATE");
  }

  async apply(batch: readonly NumberedRecord[]): Promise<Rejection[]> {
    const rejections: Rejection[] = [];
    for (const item of batch) {
      const rejection = this.check(item);
      if (rejection) rejections.push(rejection);
      else this.write(item);
    }
    return rejections;
  }

  private check: Check = ({ line, record }) => {
    const { sql } = this;
    if (record.type === "publication") {
      const owner = sql.publicationBySlug!.get(record.slug) as string | undefined;
      if (owner !== undefined && owner !== record.id) {
        return { line, field: "slug", reason: `already used by publication ${owner}` };
      }
      return undefined;
    }
    if (!sql.publicationById!.get(record.publicationId)) {
      return {
        line,
        field: "publicationId",
        reason: `unknown publication ${record.publicationId}`,
      };
    }
    if (record.type === "author") return undefined;
    const missing = record.authorIds.find((id) => !sql.authorById!.get(id));
    if (missing !== undefined) {
      return { line, field: "authorIds", reason: `unknown author ${missing}` };
    }
    const owner = sql.postBySlug!.get(record.publicationId, record.slug) as string | undefined;
    if (owner !== undefined && owner !== record.id) {
      return { line, field: "slug", reason: `already used by post ${owner} in this publication` };
    }
    return undefined;
  };

  private write({ record }: NumberedRecord): void {
    noteChange(this.changed, record);
    if (record.type === "publication") this.writePublication(record);
    else if (record.type === "author") this.writeAuthor(record);
    else this.writePost(record);
  }

  private writePublication(p: PublicationInput): void {
    this.sql.upsertPublication!.run(p.id, p.slug, p.name);
  }

  private writeAuthor(a: AuthorInput): void {
    this.sql.upsertAuthor!.run(
      a.id,
      a.publicationId,
      a.name,
      a.walletAddress ?? null,
      a.avatarUrl ?? null,
      a.bio ?? null,
      a.social?.username ?? null,
      a.social?.displayName ?? null,
      a.social?.fid ?? null,
    );
  }

  private writePost(p: PostInput): void {
    const { sql } = this;
    sql.upsertPost!.run(
      p.id,
      p.publicationId,
      p.slug,
      p.title,
      p.subtitle ?? null,
      p.imageUrl ?? null,
      p.status,
      p.publishedAt ?? null,
      p.updatedAt,
      p.coinId ?? null,
      p.rendererVersion,
      p.content.json,
      p.content.staticHtml,
      p.content.markdown,
    );
    sql.clearAuthors!.run(p.id);
    p.authorIds.forEach((authorId, i) => sql.addAuthor!.run(p.id, i, authorId));
    sql.clearCategories!.run(p.id);
    p.categories.forEach((name, i) => sql.addCategory!.run(p.id, i, name));
  }

  async commit(): Promise<void> {
    this.finish("COMMIT");
    const { all, postIds } = this.changed;
    if (all || postIds.size > 0) this.notify({ all, postIds: [...postIds] });
  }

  async rollback(): Promise<void> {
    this.finish("ROLLBACK");
  }

  private finish(statement: "COMMIT" | "ROLLBACK"): void {
    if (!this.open) return;
    this.open = false;
    this.db.exec(statement);
  }
}
