// Every address the site writes: a publication lives at {SITE_URL}/@{slug}, or at the root of
// its custom domain; its posts, tags and authors hang below that. One function per kind of
// page, so canonical URLs, links, sitemaps and redirects cannot disagree.
import { customOrigin } from "../posts/publication-domains.js";
import type { PublicationRecord } from "../store/post-store.js";

export { customOrigin };

type Publication = Pick<PublicationRecord, "id" | "slug" | "customDomain">;

const segment = encodeURIComponent;

export class SiteUrls {
  constructor(readonly siteUrl: string) {}

  /** The site's own front page. */
  get front(): string {
    return `${this.siteUrl}/`;
  }

  search(query?: string): string {
    return query === undefined
      ? `${this.siteUrl}/search`
      : `${this.siteUrl}/search?q=${encodeURIComponent(query)}`;
  }

  /** A publication's base, without a trailing slash: its domain, or /@slug on the site. */
  base(p: Publication): string {
    const domain = customOrigin(p);
    return domain ?? `${this.siteUrl}/@${segment(p.slug)}`;
  }

  home(p: Publication, cursor?: string): string {
    const home = customOrigin(p) === undefined ? this.base(p) : `${this.base(p)}/`;
    return cursor === undefined ? home : `${home}?cursor=${encodeURIComponent(cursor)}`;
  }

  post(p: Publication, slug: string): string {
    return `${this.base(p)}/${segment(slug)}`;
  }

  tag(p: Publication, tag: string, cursor?: string): string {
    const url = `${this.base(p)}/tag/${segment(tag)}`;
    return cursor === undefined ? url : `${url}?cursor=${encodeURIComponent(cursor)}`;
  }

  author(p: Publication, authorId: string): string {
    return `${this.base(p)}/author/${segment(authorId)}`;
  }

  /** A publication's search, on its own domain when it has one, else the site's. */
  publicationSearch(p: Publication): string {
    const domain = customOrigin(p);
    return domain === undefined ? this.search() : `${domain}/search`;
  }

  /** Where the API's reader feeds are, from the publication's own origin. */
  feed(p: Publication, format: "rss" | "atom" | "json"): string {
    const origin = customOrigin(p) ?? this.siteUrl;
    return `${origin}/v1/publications/${segment(p.id)}/feed/${format}`;
  }

  /** One of a publication's sitemaps, on the host its pages are on (listed by that host's index). */
  sitemap(p: Publication, cursor?: string): string {
    const url = `${customOrigin(p) ?? this.siteUrl}/sitemaps/${segment(p.slug)}.xml`;
    return cursor === undefined ? url : `${url}?cursor=${encodeURIComponent(cursor)}`;
  }
}
