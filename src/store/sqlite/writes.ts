// The import transaction on SQLite: one BEGIN IMMEDIATE … COMMIT around a whole file, so
// readers (other connections, WAL mode) see the old version until the commit. The events the
// writes make go into the outbox in the same transaction (store/outbox.ts).
import type { Database, Statement } from "better-sqlite3";
import { emptyChangeSet, noteChange, noteLists, notePost, toNotice } from "../change-notice.js";
import { publicationColumns } from "../publication-columns.js";
import { createdAtOf } from "../records.js";
import type { AuthoringWrites } from "../authoring-writes.js";
import { sweepGoLives } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import type {
  AuthorInput,
  ChangeNotice,
  WriteTransaction,
  NumberedRecord,
  PostInput,
  PublicationInput,
  Rejection,
} from "../post-store.js";
import { sqliteAuthoringWrites } from "./authoring-writes.js";
import { sqliteOutboxIo, sqliteSweepIo } from "./outbox.js";
import type { SqliteBytesWriter } from "./stored-bytes.js";

type Check = (r: NumberedRecord) => Rejection | undefined;

// Declaration merging: the authoring methods are assigned in the constructor (authoring-writes.ts).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SqliteWrite extends AuthoringWrites {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SqliteWrite implements WriteTransaction {
  private readonly sql: Record<string, Statement>;
  private open = true;

  /** What this transaction wrote, told to listeners once it commits. */
  private readonly changed = emptyChangeSet();
  private readonly outbox: Outbox;
  /** Every event of this transaction is decided at or after this instant. */
  private readonly startedAt = Date.now();

  constructor(
    private readonly db: Database,
    private readonly notify: (notice: ChangeNotice) => void,
    private readonly bytes: SqliteBytesWriter,
  ) {
    const prepare = (text: string) => db.prepare(text);
    this.sql = {
      publicationById: prepare(`SELECT 1 FROM publications WHERE id = ?`).pluck(),
      publicationBySlug: prepare(`SELECT id FROM publications WHERE slug = ?`).pluck(),
      upsertPublication: prepare(`INSERT INTO publications (id, slug, name, owner_user_id,
          custom_domain, custom_domain_host, summary, logo_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
          owner_user_id = excluded.owner_user_id, custom_domain = excluded.custom_domain,
          custom_domain_host = excluded.custom_domain_host, summary = excluded.summary,
          logo_url = excluded.logo_url`),
      authorById: prepare(`SELECT 1 FROM authors WHERE id = ?`).pluck(),
      upsertAuthor: prepare(`INSERT INTO authors (id, publication_id, name, wallet_address,
          avatar_url, bio, social_username, social_display_name, social_fid)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
          name = excluded.name, wallet_address = excluded.wallet_address,
          avatar_url = excluded.avatar_url, bio = excluded.bio,
          social_username = excluded.social_username,
          social_display_name = excluded.social_display_name, social_fid = excluded.social_fid
        WHERE (authors.publication_id, authors.name, authors.wallet_address, authors.avatar_url,
          authors.bio, authors.social_username, authors.social_display_name, authors.social_fid)
          IS NOT (excluded.publication_id, excluded.name, excluded.wallet_address,
          excluded.avatar_url, excluded.bio, excluded.social_username,
          excluded.social_display_name, excluded.social_fid)`),
      postBySlug: prepare(`SELECT id FROM posts WHERE publication_id = ? AND slug = ?`).pluck(),
      publicationOfPost: prepare(`SELECT publication_id FROM posts WHERE id = ?`).pluck(),
      upsertPost: prepare(`INSERT INTO posts (id, publication_id, slug, title, subtitle,
          image_url, status, published_at, updated_at, coin_id, renderer_version,
          content_json, static_html, markdown, post_preview, send_newsletter, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET publication_id = excluded.publication_id,
          slug = excluded.slug, title = excluded.title, subtitle = excluded.subtitle,
          image_url = excluded.image_url, status = excluded.status,
          published_at = excluded.published_at, updated_at = excluded.updated_at,
          coin_id = excluded.coin_id, renderer_version = excluded.renderer_version,
          content_json = excluded.content_json, static_html = excluded.static_html,
          markdown = excluded.markdown, post_preview = excluded.post_preview,
          send_newsletter = excluded.send_newsletter`),
      clearAuthors: prepare(`DELETE FROM post_authors WHERE post_id = ?`),
      addAuthor: prepare(
        `INSERT INTO post_authors (post_id, position, author_id) VALUES (?, ?, ?)`,
      ),
      // The categories a post leaves, for the change notice (their tag lists change).
      clearCategories: prepare(
        `DELETE FROM post_categories WHERE post_id = ? RETURNING name`,
      ).pluck(),
      // Each category row carries its post's status and time, so a tag list is one index
      // range (a trigger keeps them equal when only the post changes; migrations.ts).
      addCategory: prepare(`INSERT INTO post_categories (post_id, position, name, status,
        published_at) VALUES (?, ?, ?, ?, ?)`),
    };
    Object.assign(
      this,
      sqliteAuthoringWrites(db, async (id, publicationId, tags) => {
        notePost(this.changed, id, [publicationId], tags);
        await this.outbox.deleted([id], Date.now());
      }),
    );
    this.outbox = new Outbox(sqliteOutboxIo(db));
    db.exec("BEGIN IMMEDIATE");
  }

  async apply(batch: readonly NumberedRecord[]): Promise<Rejection[]> {
    const rejections: Rejection[] = [];
    const posts: PostInput[] = [];
    const authors: string[] = [];
    for (const item of batch) {
      const rejection = this.check(item);
      if (rejection) rejections.push(rejection);
      else if (this.write(item)) authors.push(item.record.id);
      if (!rejection && item.record.type === "post") posts.push(item.record);
    }
    // Bodies embed their authors: an author's change rewrites every post that shows it.
    this.bytes.refresh(new Set([...posts.map((p) => p.id), ...this.bytes.postsOf(authors)]));
    await this.outbox.written(posts, Date.now());
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

  /** Writes the record; true for an author whose stored fields changed. */
  private write({ record }: NumberedRecord): boolean {
    noteChange(this.changed, record);
    if (record.type === "author") return this.writeAuthor(record);
    if (record.type === "publication") this.writePublication(record);
    else this.writePost(record);
    return false;
  }

  private writePublication(p: PublicationInput): void {
    this.sql.upsertPublication!.run(...publicationColumns(p));
  }

  /** True when the author is new or changed; a same-valued line leaves its posts alone. */
  private writeAuthor(a: AuthorInput): boolean {
    const { changes } = this.sql.upsertAuthor!.run(
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
    return changes > 0;
  }

  private writePost(p: PostInput): void {
    const { sql } = this;
    this.noteLeftPublication(p.id);
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
      p.postPreview ?? null,
      p.sendNewsletter === true ? 1 : 0,
      createdAtOf(p),
    );
    sql.clearAuthors!.run(p.id);
    p.authorIds.forEach((authorId, i) => sql.addAuthor!.run(p.id, i, authorId));
    const left = sql.clearCategories!.all(p.id) as string[];
    noteLists(this.changed, [], left);
    const time = p.publishedAt ?? null;
    p.categories.forEach((name, i) => sql.addCategory!.run(p.id, i, name, p.status, time));
  }

  /** The publication a post was in before this write: its list loses the post. */
  private noteLeftPublication(postId: string): void {
    if (this.changed.all) return;
    const before = this.sql.publicationOfPost!.get(postId) as string | undefined;
    if (before !== undefined) noteLists(this.changed, [before], []);
  }

  /** Called once the transaction has ended, whichever way (the store's write queue). */
  onFinish: () => void = () => {};

  async commit(): Promise<void> {
    if (!this.open) return;
    // A post this transaction wrote as scheduled may have gone live since: announced here,
    // before the commit, so no sweep can miss it (store/go-live-events.ts).
    await sweepGoLives(sqliteSweepIo(this.db), this.outbox.stored, Date.now(), this.startedAt);
    this.finish("COMMIT");
    const { all, postIds } = this.changed;
    if (all || postIds.size > 0) this.notify(toNotice(this.changed));
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
