// The reader's post pages and publication homes as last made (schema step 15): one row per
// post, and one per publication for its home's first page. What a page shows comes from many
// rows (the post, its authors, its publication, the posts beside it or listed on it) and from
// the process (theme, site address), so the store keeps it with a fingerprint of all of that
// and never decides whether it is current: the site recomputes the fingerprint at each read
// and uses the page only when they agree (site/stored-pages.ts). A post page's read is the
// post's key seek, as the API's stored bytes are; a hidden post has no row, as a missing one.
import { sql } from "./kysely.js";
import { statement, type Executor, type Reads } from "./statement.js";
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
  /** The publication's kept home page (its first page), with its `forms`; undefined: none. */
  keptHomePage(publicationId: string, forms: "all" | PageForm): Promise<KeptPageRead | undefined>;
  /** Keeps `page` as the publication's home, replacing whatever was kept. */
  keepHomePage(publicationId: string, page: PageBytes): Promise<void>;
}

const FORMS: readonly PageForm[] = ["body", "gzip", "br"];

interface ProbeArgs {
  publicationId: string;
  postSlug: string;
  now: number;
  content: boolean;
}

// Reading a form costs its bytes (each is a few kilobytes): a probe reads only those it sends.
const probe = (forms: readonly PageForm[]) =>
  statement(
    (db, a: ProbeArgs) =>
      db
        .selectFrom("posts as p")
        .leftJoin("post_bytes as b", (join) =>
          join.onRef("b.post_id", "=", "p.id").on("b.content", "=", a.content),
        )
        .leftJoin("site_pages as s", "s.post_id", "p.id")
        .select(["p.id", "p.published_at as publishedAt", "b.etag as postEtag"])
        .select(["s.fingerprint", "s.etag", sql<number | string | null>`length(s.body)`.as("size")])
        .select(forms.map((form) => `s.${form}` as const))
        .where("p.publication_id", "=", a.publicationId)
        .where("p.slug", "=", a.postSlug)
        .where(visibleAt("p", a.now)),
    `folio_v5_site_page_${forms.join("_")}`,
  );

const PROBES = {
  all: probe(FORMS),
  ...(Object.fromEntries(FORMS.map((form) => [form, probe([form])])) as Record<
    PageForm,
    ReturnType<typeof probe>
  >),
};

const home = (forms: readonly PageForm[]) =>
  statement(
    (db, a: { publicationId: string }) =>
      db
        .selectFrom("site_home_pages as s")
        .select(["s.fingerprint", "s.etag", sql<number | string>`length(s.body)`.as("size")])
        .select(forms.map((form) => `s.${form}` as const))
        .where("s.publication_id", "=", a.publicationId),
    `folio_v5_site_home_${forms.join("_")}`,
  );

const HOMES = {
  all: home(FORMS),
  ...(Object.fromEntries(FORMS.map((form) => [form, home([form])])) as Record<
    PageForm,
    ReturnType<typeof home>
  >),
};

const KEEP_HOME = statement((db, a: PageBytes & { publicationId: string }) =>
  db
    .insertInto("site_home_pages")
    .values({
      ...{ publication_id: a.publicationId, fingerprint: a.fingerprint, etag: a.etag },
      ...{ body: a.body, gzip: a.gzip, br: a.br },
    })
    .onConflict((conflict) =>
      conflict.column("publication_id").doUpdateSet((eb) => ({
        fingerprint: eb.ref("excluded.fingerprint"),
        etag: eb.ref("excluded.etag"),
        body: eb.ref("excluded.body"),
        gzip: eb.ref("excluded.gzip"),
        br: eb.ref("excluded.br"),
      })),
    ),
);

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

const KEEP = statement((db, a: PageBytes & { postId: string }) =>
  db
    .insertInto("site_pages")
    .values({
      ...{ post_id: a.postId, fingerprint: a.fingerprint, etag: a.etag },
      ...{ body: a.body, gzip: a.gzip, br: a.br },
    })
    .onConflict((conflict) =>
      conflict.column("post_id").doUpdateSet((eb) => ({
        fingerprint: eb.ref("excluded.fingerprint"),
        etag: eb.ref("excluded.etag"),
        body: eb.ref("excluded.body"),
        gzip: eb.ref("excluded.gzip"),
        br: eb.ref("excluded.br"),
      })),
    ),
);

/** `writes`: in the store's write turn on SQLite, on the primary on PostgreSQL. */
export function sitePageStore(reads: Reads, writes: Pick<Executor, "changes">): SitePageStore {
  return {
    async probeSitePage(publicationId, postSlug, now, forms) {
      const args = { publicationId, postSlug, now, content: true };
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
      await writes.changes(KEEP, { postId, ...page });
    },
    async keptHomePage(publicationId, forms) {
      const [row] = await reads.rows(HOMES[forms], { publicationId });
      return row && keptRead(row);
    },
    async keepHomePage(publicationId, page) {
      await writes.changes(KEEP_HOME, { publicationId, ...page });
    },
  };
}
