// Sitemaps (sitemaps.org 0.9) and robots.txt. Folio's /sitemap.xml is an index over one
// sitemap per publication served here, each of at most 50,000 URLs (the protocol's bound),
// later ones reached by keyset cursor; a custom domain has its own index and robots.txt.
import { xml } from "../http/discovery/feeds.js";
import type { Discovery } from "../posts/discovery.js";
import type { PostRecord, PublicationReader, PublicationRecord } from "../store/post-store.js";
import { customOrigin, type SiteUrls } from "./urls.js";

/** The protocol's bound of URLs in one sitemap. */
const SITEMAP_URLS = 50_000;
const PUBLICATIONS_PAGE = 1000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A post's last change as the protocol's W3C date-time; never before it was published. */
const lastmod = (post: Pick<PostRecord, "updatedAt" | "publishedAt">) =>
  new Date(Math.max(post.updatedAt, post.publishedAt ?? 0)).toISOString();

export class Sitemaps {
  constructor(
    private readonly urls: SiteUrls,
    private readonly discovery: Discovery,
    private readonly store: Pick<PublicationReader, "listPublications">,
    /** Posts in one sitemap; the first also lists the home page. Smaller in tests. */
    private readonly perSitemap = SITEMAP_URLS - 1,
  ) {}

  /** Folio's index: the sitemaps of every publication without a domain of its own. */
  async siteIndex(now: number): Promise<{ body: string; dependencies: string[] }> {
    const locations: string[] = [];
    const dependencies = new Set<string>(["feed", "lists"]);
    for (let after = ""; ;) {
      const page = await this.store.listPublications(after, PUBLICATIONS_PAGE);
      for (const publication of page) {
        if (customOrigin(publication) !== undefined) continue;
        locations.push(...(await this.chunks(publication, now, dependencies)));
      }
      if (page.length < PUBLICATIONS_PAGE) break;
      after = page.at(-1)!.id;
    }
    return { body: index(locations), dependencies: [...dependencies] };
  }

  /** A custom domain's index: its publication's sitemaps. */
  async publicationIndex(publication: PublicationRecord, now: number) {
    const dependencies = new Set<string>(["lists"]);
    const locations = await this.chunks(publication, now, dependencies);
    return { body: index(locations), dependencies: [...dependencies] };
  }

  /** One sitemap of a publication: from `cursor` on (the first has the home page too). */
  async sitemap(publication: PublicationRecord, cursor: string | undefined, now: number) {
    const scope = { publicationId: publication.id };
    const request = { limit: this.perSitemap, withContent: false, ...(cursor && { cursor }) };
    const page = await this.discovery.posts(scope, request, now);
    const entries = page.items.map(
      (post) => [this.urls.post(publication, post.slug), lastmod(post)] as const,
    );
    const newest = page.items[0];
    if (cursor === undefined) {
      entries.unshift([this.urls.home(publication), newest ? lastmod(newest) : undefined] as never);
    }
    const urls = entries.map(
      ([loc, mod]) =>
        `<url><loc>${xml(loc)}</loc>${mod === undefined ? "" : `<lastmod>${mod}</lastmod>`}</url>`,
    );
    return {
      body: [XML_HEAD, `<urlset ${NS}>`, ...urls, "</urlset>", ""].join("\n"),
      dependencies: page.dependencies,
    };
  }

  /** The addresses of a publication's sitemaps, walking its list a sitemap at a time. */
  private async chunks(publication: PublicationRecord, now: number, dependencies: Set<string>) {
    const locations = [this.urls.sitemap(publication)];
    const scope = { publicationId: publication.id };
    dependencies.add(`pub-${publication.id}`);
    for (let cursor: string | undefined; ;) {
      const request = { limit: this.perSitemap, withContent: false, ...(cursor && { cursor }) };
      const page = await this.discovery.posts(scope, request, now);
      if (page.cursor === undefined) return locations;
      cursor = page.cursor;
      locations.push(this.urls.sitemap(publication, cursor));
    }
  }
}

function index(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return [XML_HEAD, `<sitemapindex ${NS}>`, ...entries, "</sitemapindex>", ""].join("\n");
}

/** robots.txt: everything may be crawled but searches and the API; the sitemap named. */
export function robots(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /search",
    "Disallow: /v1/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
