// Post pages kept in the store, so that a page the response cache does not hold (a cold node,
// a cache too small for the site, or no cache at all) is one indexed read, not a render. A
// page shows rows that other writes change (its publication, its neighbours, its authors)
// and what this process makes it with (theme, site address, the site's code): each is folded
// into a fingerprint kept with the page, recomputed at every read from the rows as they stand
// at that instant, and a page is used only when the two agree. So nothing has to drop a page,
// a post scheduled beside it shows up at its time, and nodes with another theme or another
// Folio only ever make their own pages again.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Answer, Sendable } from "../http/wire/answer.js";
import { codingEtag } from "../http/wire/representation.js";
import { worthCompressing, type Coding } from "../http/wire/representation.js";
import type { PageBytes, PublicationRecord, SitePageStore } from "../store/post-store.js";
import { everyListedStored } from "../store/site-pages.js";
import type { Theme } from "./theme.js";

/** What a post page is made of besides its post and publication: the posts either side. */
export interface Neighbours {
  older?: { slug: string; title: string };
  newer?: { slug: string; title: string };
}

/** What this process makes pages with: a page made by another is never this one's. */
export interface PageMaker {
  theme: Theme;
  siteUrl: string;
  lang: string;
  siteName: string;
}

/**
 * Pages being compressed and written at once, at most: a change that every page shows (a
 * publication renamed, a new theme) makes each read page again, and its keeping must not
 * queue behind the reads. A page not kept now is kept at its next read.
 */
const KEEPING_AT_ONCE = 8;

const sha1 = (text: string) => createHash("sha1").update(text).digest("base64url");

let code: string | undefined;

/**
 * What this process makes pages with besides its settings: Folio's own code (every module a
 * page's bytes may come from: the site, the link and cursor rules, the wire form), the
 * dependencies' versions (the lock file: highlight.js, Handlebars), and Node's, whose ICU
 * writes the dates. Read once per process; a page made by another build differs.
 */
function buildOf(): string {
  if (code !== undefined) return code;
  const hash = createHash("sha1").update(`${process.versions.node} ${process.versions.icu}`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:js|ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        hash.update(`\0${relative(root, path)}\0`).update(readFileSync(path));
      }
    }
  };
  const root = fileURLToPath(new URL("../", import.meta.url));
  walk(root);
  const lock = fileURLToPath(new URL("../../../package-lock.json", import.meta.url));
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return (code = hash.digest("base64url"));
}

export class StoredPages {
  private readonly maker: string;
  private readonly publications = new WeakMap<PublicationRecord, string[]>();
  private readonly keeping = new Map<string, Promise<void>>();

  constructor(
    private readonly store: SitePageStore,
    maker: PageMaker,
    private readonly onError: (error: unknown) => void,
  ) {
    const { theme, siteUrl, lang, siteName } = maker;
    this.maker = sha1(JSON.stringify([theme.identity, siteUrl, lang, siteName, buildOf()]));
  }

  /**
   * Everything a post page shows, as one value: the page's maker, the site it is on, the
   * publication's shown fields (hashed once per record), the post's stored body (its
   * validator, which changes with the post and its authors) and its neighbours' titles and
   * addresses, as they are.
   */
  fingerprint(
    main: boolean,
    publication: PublicationRecord,
    postEtag: string,
    neighbours: Neighbours,
  ): string {
    const { older, newer } = neighbours;
    const near = JSON.stringify([older?.slug, older?.title, newer?.slug, newer?.title]);
    return `${this.madeFor(main, publication)}${postEtag}${near}`;
  }

  /**
   * A home page's fingerprint: the same maker and publication, and each post it lists as its
   * id and stored body's validator, one past the page too (whether a next page exists).
   * Undefined when a post has no stored body: such a page is made from records, and not kept.
   */
  homeFingerprint(
    main: boolean,
    publication: PublicationRecord,
    listed: string,
  ): string | undefined {
    if (!everyListedStored(listed)) return undefined;
    return `${this.madeFor(main, publication)}${listed}`;
  }

  /** The maker, the site and the publication's shown fields, hashed once per record. */
  private madeFor(main: boolean, publication: PublicationRecord): string {
    let made = this.publications.get(publication);
    if (made === undefined) {
      made = [true, false].map((m) => sha1(JSON.stringify([this.maker, m, publication])));
      this.publications.set(publication, made);
    }
    return made[main ? 0 : 1]!;
  }

  /** Keeps a post's page just made, in every coding, unless as many are being kept already. */
  keep(postId: string, fingerprint: string, page: Answer): void {
    this.keepAs(`post\0${postId}`, fingerprint, page, (bytes) =>
      this.store.keepSitePage(postId, bytes),
    );
  }

  /** Keeps a publication's home page just made, as `keep` does a post's. */
  keepHome(publicationId: string, fingerprint: string, page: Answer): void {
    this.keepAs(`home\0${publicationId}`, fingerprint, page, (bytes) =>
      this.store.keepHomePage(publicationId, bytes),
    );
  }

  private keepAs(
    key: string,
    fingerprint: string,
    page: Answer,
    write: (bytes: PageBytes) => Promise<void>,
  ): void {
    if (this.keeping.size >= KEEPING_AT_ONCE || this.keeping.has(key)) return;
    const kept = (async () => {
      const [gzip, br] = await Promise.all([page.encode("gzip"), page.encode("br")]);
      await write({ fingerprint, etag: page.etag, body: page.body, gzip, br });
    })()
      .catch(this.onError)
      .finally(() => this.keeping.delete(key));
    this.keeping.set(key, kept);
  }

  /** Settles once every page being kept now is written (or has failed): at close, and tests. */
  async idle(): Promise<void> {
    while (this.keeping.size > 0) await Promise.all(this.keeping.values());
  }
}

/**
 * A kept page as read for one request: the one form it is sent in, with the validators and
 * CDN keys its answer would have. Asked for another coding, it is a bug of the caller's.
 */
export class KeptPage implements Sendable {
  readonly contentType = "text/html; charset=utf-8";
  readonly surrogateKey: string;
  readonly cacheTag: string;

  constructor(
    private readonly bytes: Buffer,
    private readonly coding: Coding | undefined,
    readonly etag: string,
    keys: readonly string[],
    /** The length of the page as it is, whichever form was read. */
    size: number,
  ) {
    this.surrogateKey = keys.join(" ");
    this.cacheTag = keys.join(",");
    this.compressible = worthCompressing(size);
  }

  readonly compressible: boolean;

  etagFor(coding: Coding | undefined): string {
    return codingEtag(this.etag, coding);
  }

  bytesIn(coding: Coding | undefined): Buffer {
    if (coding !== this.coding)
      throw new Error(`a page read as ${this.coding} asked for ${coding}`);
    return this.bytes;
  }
}

/** A post's kept page: whose view a reader's GET of it counts. */
export class KeptPostPage extends KeptPage {
  constructor(
    bytes: Buffer,
    coding: Coding | undefined,
    etag: string,
    keys: readonly string[],
    size: number,
    readonly postId: string,
  ) {
    super(bytes, coding, etag, keys, size);
  }
}
