// Reading a whole store for an export: one consistent snapshot (a read transaction held on a
// connection of its own while the store keeps serving and writing), read in keyset pages so
// memory stays flat whatever the store's size. The queries are written once here; each
// backend gives its placeholders and how a page's ids are passed (<backend>/export-reads.ts).
import type { ApiKeyRecord } from "./api-keys.js";
import { socialOf } from "./author-columns.js";
import type { MediaFormat, MediaRecord, MediaVariant } from "./media.js";
import type { AuthorRecord, PostFields, PostStatus, PublicationFields } from "./records.js";
import type { NewEndpoint } from "./webhook-endpoints.js";
import { limitBy } from "./limit.js";

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

/** What a backend gives for the shared queries. */
interface SnapshotDialect {
  /** The nth parameter (1-based). */
  param(n: number): string;
  /** The nth parameter as nullable text (PostgreSQL must be told its type). */
  text(n: number): string;
  /** `column` is one of the ids passed as parameter n. */
  inIds(column: string, n: number): string;
  /** The value that passes a list of ids for `inIds`. */
  ids(ids: readonly string[]): unknown;
  all(sql: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** The snapshot's reads over a backend's dialect. */
export function snapshotReads(d: SnapshotDialect): ExportSnapshot {
  const [p1, p2, p3] = [d.param(1), d.param(2), d.param(3)];
  // The owner column of "only": a publication's own id, or the publication it belongs to.
  const page = (table: string, columns: string, owner: string) =>
    `SELECT ${columns} FROM ${table}
      WHERE (${d.text(1)} IS NULL OR ${owner} = ${p1}) AND id > ${p2} ORDER BY id ${limitBy(p3)}`;
  const args = (q: PageQuery) => [q.only ?? null, q.after, q.limit];
  const sql = {
    publicationId: `SELECT id FROM publications WHERE id = ${p1}
      UNION ALL SELECT id FROM publications WHERE slug = ${p1}`,
    publications: page(
      "publications",
      "id, slug, name, owner_user_id, custom_domain, summary, logo_url",
      "id",
    ),
    authors: page(
      "authors",
      `id, publication_id, name, wallet_address, avatar_url, bio, social_username,
       social_display_name, social_fid`,
      "publication_id",
    ),
    posts: (markdown: boolean) =>
      page(
        "posts p LEFT JOIN post_views v ON v.post_id = p.id",
        `id, publication_id, slug, title, subtitle, image_url, status, published_at,
         updated_at, created_at, coin_id, content_json, post_preview, send_newsletter,
         v.views${markdown ? ", markdown" : ""}`,
        "publication_id",
      ),
    postAuthors: `SELECT post_id, author_id AS value FROM post_authors
      WHERE ${d.inIds("post_id", 1)} ORDER BY post_id, position`,
    categories: `SELECT post_id, name AS value FROM post_categories
      WHERE ${d.inIds("post_id", 1)} ORDER BY post_id, position`,
    history: `SELECT post_id, slug AS value FROM post_slug_history
      WHERE ${d.inIds("post_id", 1)} ORDER BY post_id, slug`,
    media: page("media", "id, publication_id, format, width, height, created_at", "publication_id"),
    mediaVariants: `SELECT width, height, etag, bytes FROM media_variants
      WHERE media_id = ${p1} ORDER BY width`,
    apiKeys: page(
      "api_keys",
      "id, publication_id, name, hash, hint, created_at, revoked_at",
      "publication_id",
    ),
    endpoints: page(
      "webhook_endpoints",
      `id, url, publication_id, events, include_content, secret, created_at, disabled_at,
       disabled_reason`,
      "publication_id",
    ),
  };
  const lists = async (text: string, ids: string[]) => {
    const out = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const row of await d.all(text, [d.ids(ids)])) {
      out.get(row.post_id as string)!.push(row.value as string);
    }
    return out;
  };
  return {
    async publicationId(slugOrId) {
      const rows = await d.all(sql.publicationId, [slugOrId]);
      return rows[0]?.id as string | undefined;
    },
    async publications(q) {
      return (await d.all(sql.publications, args(q))).map(toPublication);
    },
    async authors(q) {
      return (await d.all(sql.authors, args(q))).map(toAuthor);
    },
    async posts(q) {
      const rows = await d.all(sql.posts(q.withMarkdown === true), args(q));
      const ids = rows.map((r) => r.id as string);
      if (ids.length === 0) return [];
      const [authors, categories, history] = [
        await lists(sql.postAuthors, ids),
        await lists(sql.categories, ids),
        await lists(sql.history, ids),
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
      return (await d.all(sql.media, args(q))).map(toMedia);
    },
    async mediaVariants(id) {
      return (await d.all(sql.mediaVariants, [id])).map((r) => ({
        ...{ width: num(r.width), height: num(r.height), etag: r.etag as string },
        bytes: r.bytes as Uint8Array,
      }));
    },
    async apiKeys(q) {
      return (await d.all(sql.apiKeys, args(q))).map(toApiKey);
    },
    async endpoints(q) {
      return (await d.all(sql.endpoints, args(q))).map(toEndpoint);
    },
    close: () => d.close(),
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
