// Reading a whole store for an export: one consistent snapshot (a read transaction held on a
// connection of its own while the store keeps serving and writing), read in keyset pages so
// memory stays flat whatever the store's size. The queries are written once here; each
// backend opens the snapshot and gives its executor (<backend>/export-reads.ts).
import type { ApiKeyRecord } from "./api-keys.js";
import { socialOf } from "./author-columns.js";
import type { MediaFormat, MediaRecord, MediaVariant } from "./media.js";
import type { AuthorRecord, PostFields, PostStatus, PublicationFields } from "./records.js";
import type { NewEndpoint } from "./webhook-endpoints.js";
import { sql, type SelectQueryBuilder } from "./kysely.js";
import { among, optional, statement, type Reads, type Statement } from "./statement.js";

/** A post as an export writes it: every stored field, its source document and history. */
export interface ExportedPost extends PostFields {
  createdAt: number;
  authorIds: string[];
  /** The stored TipTap document, as JSON text. */
  json: string;
  /** The derived Markdown; read only when asked for (`withMarkdown`). */
  markdown?: string;
  postPreview?: string;
  sendNewsletter: boolean;
  /** Slugs it was reached by before, oldest first is not known: sorted. */
  oldSlugs: string[];
  /** Its view total, when any view was counted. */
  views?: number;
}

/** An image as an export writes it; its variants are read one image at a time. */
export type ExportedMedia = Omit<MediaRecord, "widths">;

/** One page after `after` (an id; "" for the first), of one publication when `only` is set. */
export interface PageQuery {
  after: string;
  limit: number;
  only?: string;
}

/** A read-only view of the store as it was when the snapshot was opened. */
export interface ExportSnapshot {
  /** The id of the publication with this id, or else this slug. */
  publicationId(slugOrId: string): Promise<string | undefined>;
  publications(q: PageQuery): Promise<PublicationFields[]>;
  authors(q: PageQuery): Promise<AuthorRecord[]>;
  posts(q: PageQuery & { withMarkdown?: boolean }): Promise<ExportedPost[]>;
  /** Images without their bytes: a page of them costs a page of rows, not of images. */
  media(q: PageQuery): Promise<ExportedMedia[]>;
  /** One image's stored variants with their bytes, narrowest first. */
  mediaVariants(id: string): Promise<MediaVariant[]>;
  apiKeys(q: PageQuery): Promise<ApiKeyRecord[]>;
  /** Endpoints with their secrets; with `only`, that publication's own (not the global ones). */
  endpoints(q: PageQuery): Promise<NewEndpoint[]>;
  /** Ends the read transaction and gives its connection back. */
  close(): Promise<void>;
}

export interface SnapshotReader {
  openSnapshot(): Promise<ExportSnapshot>;
}

type Row = Record<string, unknown>;

interface PageArgs {
  only: string | null;
  after: string;
  limit: number;
}

/** One page in id order; `owner`: the column `only` names (a publication's own id, or its publication). */
function paged<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  a: PageArgs,
  owner: string,
) {
  return (
    q
      .where(optional(owner, a.only))
      .where(sql<boolean>`id > ${a.after}`)
      .orderBy(sql`id`)
      // Cast, not bare: see limit.ts.
      .limit(sql<number>`cast(${a.limit} as integer)`)
  );
}

// Written once for both backends (statement.ts), compiled when this module loads.
const SQL = {
  publicationId: statement((db, a: { key: string }) =>
    db
      .selectFrom("publications")
      .select("id")
      .where("id", "=", a.key)
      .unionAll(db.selectFrom("publications").select("id").where("slug", "=", a.key)),
  ),
  publications: statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("publications")
        .select(["id", "slug", "name", "owner_user_id", "custom_domain", "summary", "logo_url"]),
      a,
      "id",
    ),
  ),
  authors: statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("authors")
        .select(["id", "publication_id", "name", "wallet_address", "avatar_url", "bio"])
        .select(["social_username", "social_display_name", "social_fid"]),
      a,
      "publication_id",
    ),
  ),
  posts: { plain: postsPage(false), markdown: postsPage(true) },
  postAuthors: listOf("post_authors", "author_id", "position"),
  categories: listOf("post_categories", "name", "position"),
  history: listOf("post_slug_history", "slug", "slug"),
  media: statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("media")
        .select(["id", "publication_id", "format", "width", "height", "created_at"]),
      a,
      "publication_id",
    ),
  ),
  mediaVariants: statement((db, a: { id: string }) =>
    db
      .selectFrom("media_variants")
      .select(["width", "height", "etag", "bytes"])
      .where("media_id", "=", a.id)
      .orderBy("width"),
  ),
  apiKeys: statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("api_keys")
        .select(["id", "publication_id", "name", "hash", "hint", "created_at", "revoked_at"]),
      a,
      "publication_id",
    ),
  ),
  endpoints: statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("webhook_endpoints")
        .select(["id", "url", "publication_id", "events", "include_content", "secret"])
        .select(["created_at", "disabled_at", "disabled_reason"]),
      a,
      "publication_id",
    ),
  ),
};

function postsPage(markdown: boolean) {
  return statement((db, a: PageArgs) =>
    paged(
      db
        .selectFrom("posts as p")
        .leftJoin("post_views as v", "v.post_id", "p.id")
        .select(["p.id", "p.publication_id", "p.slug", "p.title", "p.subtitle", "p.image_url"])
        .select(["p.status", "p.published_at", "p.updated_at", "p.created_at", "p.coin_id"])
        .select(["p.content_json", "p.post_preview", "p.send_newsletter", "v.views"])
        .$if(markdown, (q) => q.select("p.markdown")),
      a,
      "publication_id",
    ),
  );
}

/** A post's `value`s from one of its lists, for a page of posts at once, in their order. */
function listOf(
  table: "post_authors" | "post_categories" | "post_slug_history",
  value: "author_id" | "name" | "slug",
  order: "position" | "slug",
) {
  return statement((db, a: { ids: readonly string[] }, dialect) =>
    db
      .selectFrom(table)
      .select(["post_id", sql.ref<string>(value).as("value")])
      .where(among("post_id", a.ids, dialect))
      .orderBy(sql`post_id`)
      .orderBy(sql.ref(order)),
  );
}

/** The snapshot's reads, on the executor of its connection; `close` ends its transaction. */
export function snapshotReads(reads: Reads, close: () => Promise<void>): ExportSnapshot {
  const args = (q: PageQuery): PageArgs => ({
    only: q.only ?? null,
    after: q.after,
    limit: q.limit,
  });
  const lists = async (s: Statement<{ ids: readonly string[] }, Row>, ids: string[]) => {
    const out = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const row of await reads.rows(s, { ids })) {
      out.get(row.post_id as string)!.push(row.value as string);
    }
    return out;
  };
  return {
    async publicationId(slugOrId) {
      const rows = await reads.rows(SQL.publicationId, { key: slugOrId });
      return rows[0]?.id;
    },
    async publications(q) {
      return (await reads.rows(SQL.publications, args(q))).map(toPublication);
    },
    async authors(q) {
      return (await reads.rows(SQL.authors, args(q))).map(toAuthor);
    },
    async posts(q) {
      const rows = await reads.rows(
        SQL.posts[q.withMarkdown === true ? "markdown" : "plain"],
        args(q),
      );
      const ids = rows.map((r) => r.id as string);
      if (ids.length === 0) return [];
      const [authors, categories, history] = [
        await lists(SQL.postAuthors, ids),
        await lists(SQL.categories, ids),
        await lists(SQL.history, ids),
      ];
      return rows.map((row) => {
        const id = row.id as string;
        const post = toPost(row);
        post.authorIds = authors.get(id)!;
        post.categories = categories.get(id)!;
        post.oldSlugs = history.get(id)!;
        return post;
      });
    },
    async media(q) {
      return (await reads.rows(SQL.media, args(q))).map(toMedia);
    },
    async mediaVariants(id) {
      return (await reads.rows(SQL.mediaVariants, { id })).map((r) => ({
        ...{ width: num(r.width), height: num(r.height), etag: r.etag },
        bytes: r.bytes,
      }));
    },
    async apiKeys(q) {
      return (await reads.rows(SQL.apiKeys, args(q))).map(toApiKey);
    },
    async endpoints(q) {
      return (await reads.rows(SQL.endpoints, args(q))).map(toEndpoint);
    },
    close,
  };
}

/** Sets `key` when the column holds a value (SQL NULL is an absent field). */
function maybe<T extends object, K extends keyof T>(
  out: T,
  key: K,
  value: unknown,
  as: (value: unknown) => unknown = String,
) {
  if (value !== null && value !== undefined) out[key] = as(value) as T[K];
}

// PostgreSQL hands BIGINT back as text, SQLite booleans as 0 or 1.
const num = (value: unknown) => Number(value);
const flag = (value: unknown) => value === true || value === 1;

function toPublication(r: Row): PublicationFields {
  const out: PublicationFields = {
    id: r.id as string,
    slug: r.slug as string,
    name: r.name as string,
  };
  maybe(out, "ownerUserId", r.owner_user_id);
  maybe(out, "customDomain", r.custom_domain);
  maybe(out, "summary", r.summary);
  maybe(out, "logoUrl", r.logo_url);
  return out;
}

function toAuthor(r: Row): AuthorRecord {
  const out: AuthorRecord = {
    ...{ id: r.id as string, publicationId: r.publication_id as string },
    name: r.name as string,
  };
  maybe(out, "walletAddress", r.wallet_address);
  maybe(out, "avatarUrl", r.avatar_url);
  maybe(out, "bio", r.bio);
  const social = socialOf(r.social_username, r.social_display_name, r.social_fid);
  if (social !== undefined) out.social = social;
  return out;
}

function toPost(r: Row): ExportedPost {
  const out: ExportedPost = {
    ...{ id: r.id as string, publicationId: r.publication_id as string },
    ...{ slug: r.slug as string, title: r.title as string, status: r.status as PostStatus },
    ...{ updatedAt: num(r.updated_at), createdAt: num(r.created_at) },
    ...{ categories: [], authorIds: [], oldSlugs: [], json: r.content_json as string },
    sendNewsletter: flag(r.send_newsletter),
  };
  maybe(out, "subtitle", r.subtitle);
  maybe(out, "imageUrl", r.image_url);
  maybe(out, "publishedAt", r.published_at, num);
  maybe(out, "coinId", r.coin_id);
  maybe(out, "postPreview", r.post_preview);
  maybe(out, "views", r.views, num);
  maybe(out, "markdown", r.markdown);
  return out;
}

function toMedia(r: Row): ExportedMedia {
  return {
    ...{ id: r.id as string, publicationId: r.publication_id as string },
    ...{ format: r.format as MediaFormat, width: num(r.width), height: num(r.height) },
    createdAt: num(r.created_at),
  };
}

function toApiKey(r: Row): ApiKeyRecord {
  const out: ApiKeyRecord = {
    ...{ id: r.id as string, publicationId: r.publication_id as string },
    ...{ hash: r.hash as string, hint: r.hint as string, createdAt: num(r.created_at) },
  };
  maybe(out, "name", r.name);
  maybe(out, "revokedAt", r.revoked_at, num);
  return out;
}

function toEndpoint(r: Row): NewEndpoint {
  const out: NewEndpoint = {
    ...{ id: r.id as string, url: r.url as string, secret: r.secret as string },
    ...{ includeContent: flag(r.include_content), createdAt: num(r.created_at) },
  };
  maybe(out, "publicationId", r.publication_id);
  if (r.events !== null) out.events = (r.events as string).split(",") as NewEndpoint["events"];
  maybe(out, "disabledAt", r.disabled_at, num);
  maybe(out, "disabledReason", r.disabled_reason);
  return out;
}
