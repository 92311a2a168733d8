// The reader's post pages and publication homes as last made (schema step 15): one row per
// post, and one per publication for its home's first page. What a page shows comes from many
// rows (the post, its authors, its publication, the posts beside it or listed on it) and from
// the process (theme, site address), so the store keeps it with a fingerprint of all of that
// and never decides whether it is current: the site recomputes the fingerprint at each read
// and uses the page only when they agree (site/stored-pages.ts). A post page's read is the
// post's key seek, as the API's stored bytes are; a hidden post has no row, as a missing one.
import { sql } from "./kysely.js";
import { listArgs, publicationEtags, type ListArgs, type ListedEtag } from "./post-lists.js";
import { statement, type Executor, type Reads } from "./statement.js";
import { joinStored } from "./stored-bytes.js";
import { visibleAt } from "./visibility.js";

/** A post page in every coding a reader may ask for. */
export interface PageBytes {
  fingerprint: string;
  /** The strong validator of `body`, quoted. */
  etag: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** One of a kept page's forms: as it is, or compressed. */
export type PageForm = "body" | "gzip" | "br";

/** A kept page as a probe reads it: every form, or the one a reader is about to be sent. */
export type KeptPageRead = Pick<PageBytes, "fingerprint" | "etag"> &
  Partial<Pick<PageBytes, PageForm>> & {
    /** The length of `body`, read or not. */
    size: number;
  };

/**
 * A visible post as its page needs it to decide: its place among its publication's posts,
 * the validator of its stored body (absent when it has none: the page is then made from its
 * record and not kept), and the page kept for it, if any.
 */
export interface StoredPageProbe {
  postId: string;
  publishedAt: number;
  postEtag?: string;
  page?: KeptPageRead;
}

export interface HomePageProbe {
  /**
   * The listed posts as JSON, `[[id, etag], …]` (etag null when a post has no stored body):
   * as the store wrote it, so a read whose page is current parses nothing (`listedEtags`).
   */
  listed: string;
  page?: KeptPageRead;
}

/** Whether every post of a home probe's `listed` has a stored body (a validator, not null). */
export const everyListedStored = (listed: string) => !/,\s*null\]/.test(listed);

/** The posts of a home probe's `listed`. */
export function listedEtags(listed: string): ListedEtag[] {
  return (JSON.parse(listed) as [string, string | null][]).map(([id, etag]) =>
    etag === null ? { id } : { id, etag },
  );
}

export interface SitePageStore {
  /**
   * The visible post `postSlug` of the publication at `now`, with the kept page's `forms`
   * (`all` of them, or one); undefined when the post is hidden or missing.
   */
  probeSitePage(
    publicationId: string,
    postSlug: string,
    now: number,
    forms: "all" | PageForm,
  ): Promise<StoredPageProbe | undefined>;
  /** Keeps `page` as the post's, replacing whatever was kept. */
  keepSitePage(postId: string, page: PageBytes): Promise<void>;
  /**
   * The first `limit` posts of the publication's list at `now` (what its home page lists,
   * and one more), and its kept home page with its `forms`, in one statement.
   */
  probeHomePage(
    publicationId: string,
    now: number,
    limit: number,
    forms: "all" | PageForm,
  ): Promise<HomePageProbe>;
  /** Keeps `page` as the publication's home, replacing whatever was kept. */
  keepHomePage(publicationId: string, page: PageBytes): Promise<void>;
}

const FORMS: readonly PageForm[] = ["body", "gzip", "br"];

interface ProbeArgs {
  publicationId: string;
  postSlug: string;
  now: number;
}

// Reading a form costs its bytes (each is a few kilobytes): a probe reads only those it sends.
const probe = (forms: readonly PageForm[]) =>
  statement(
    (db, a: ProbeArgs) =>
      joinStored(db)
        .leftJoin("site_pages as s", "s.post_id", "p.id")
        // The post with content's validator: the page shows its content.
        .select(["p.id", "p.published_at as publishedAt", "b.full_etag as postEtag"])
        .select(["s.fingerprint", "s.etag", sql<number | string | null>`length(s.body)`.as("size")])
        .select(forms.map((form) => `s.${form}` as const))
        .where("p.publication_id", "=", a.publicationId)
        .where("p.slug", "=", a.postSlug)
        .where(visibleAt("p", a.now)),
    `folio_v6_site_page_${forms.join("_")}`,
  );

/** A statement for every form a read may ask for: all of them, or each alone. */
function perForm<S>(make: (forms: readonly PageForm[]) => S): Record<"all" | PageForm, S> {
  const alone = Object.fromEntries(FORMS.map((form) => [form, make([form])]));
  return { all: make(FORMS), ...(alone as Record<PageForm, S>) };
}

const PROBES = perForm(probe);

// The kept page beside the list it was made of: one step through the executor, one round trip.
export const homeProbe = (forms: readonly PageForm[]) =>
  statement(
    (_, a: ListArgs, d) =>
      sql<HomeRow>`SELECT s.fingerprint, s.etag, length(s.body) AS size,
    ${sql.join(forms.map((form) => sql.ref(`s.${form}`)))},
    ${publicationEtags(d, a)} AS listed
  FROM (SELECT 1 AS one) o LEFT JOIN site_home_pages s ON s.publication_id = ${a.key}`,
    `folio_v6_site_home_${forms.join("_")}`,
  );

interface HomeRow extends Partial<Record<PageForm, Uint8Array | null>> {
  fingerprint: string | null;
  etag: string | null;
  size: number | string | null;
  /** JSON text (NULL on PostgreSQL for an empty list). */
  listed: string | null;
}

const HOMES = perForm(homeProbe);

/** A kept page's row as read: only the forms asked for are there. */
function keptRead(row: {
  fingerprint: string;
  etag: string;
  size: number | string | null;
}): KeptPageRead {
  const page: KeptPageRead = {
    fingerprint: row.fingerprint,
    etag: row.etag,
    size: Number(row.size),
  };
  for (const form of FORMS) {
    const bytes = (row as Partial<Record<PageForm, Uint8Array | null>>)[form];
    if (bytes !== undefined && bytes !== null) page[form] = bytes as Buffer;
  }
  return page;
}

/** A page kept in `table` under its key, replacing whatever was kept: the same on both stores. */
const keep = (table: "site_pages" | "site_home_pages", key: "post_id" | "publication_id") =>
  statement(
    (_, a: PageBytes & { key: string }) =>
      sql`INSERT INTO ${sql.table(table)} (${sql.ref(key)}, fingerprint, etag, body, gzip, br)
  VALUES (${a.key}, ${a.fingerprint}, ${a.etag}, ${a.body}, ${a.gzip}, ${a.br})
  ON CONFLICT (${sql.ref(key)}) DO UPDATE SET fingerprint = excluded.fingerprint,
    etag = excluded.etag, body = excluded.body, gzip = excluded.gzip, br = excluded.br`,
  );

const KEEP = keep("site_pages", "post_id");
const KEEP_HOME = keep("site_home_pages", "publication_id");

/** `writes`: in the store's write turn on SQLite, on the primary on PostgreSQL. */
export function sitePageStore(reads: Reads, writes: Pick<Executor, "changes">): SitePageStore {
  return {
    async probeSitePage(publicationId, postSlug, now, forms) {
      const args = { publicationId, postSlug, now };
      const [row] = await reads.rows(PROBES[forms], args);
      if (row === undefined) return undefined;
      const probe: StoredPageProbe = { postId: row.id, publishedAt: Number(row.publishedAt) };
      if (row.postEtag !== null) probe.postEtag = row.postEtag;
      const { fingerprint, etag } = row;
      if (fingerprint !== null && etag !== null)
        probe.page = keptRead({ ...row, fingerprint, etag });
      return probe;
    },
    async keepSitePage(postId, page) {
      await writes.changes(KEEP, { key: postId, ...page });
    },
    async probeHomePage(publicationId, now, limit, forms) {
      const query = { scope: { publicationId }, limit, withContent: false, visibleAt: now };
      const [row] = await reads.rows(HOMES[forms], listArgs(query)[1]);
      const listed = row?.listed ?? "[]";
      const { fingerprint, etag } = row ?? {};
      if (row === undefined || fingerprint == null || etag == null) return { listed };
      return { listed, page: keptRead({ ...row, fingerprint, etag }) };
    },
    async keepHomePage(publicationId, page) {
      await writes.changes(KEEP_HOME, { key: publicationId, ...page });
    },
  };
}
