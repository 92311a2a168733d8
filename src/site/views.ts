// Records and wire posts → what templates receive (model.ts): addresses made by SiteUrls,
// dates as ISO and as text, reading time from the body's words.
import type { WirePost } from "../http/wire/schemas.js";
import type { AuthorRecord, PostRecord, PublicationRecord } from "../store/post-store.js";
import { pageBody, textOf } from "./body.js";
import { readingMinutes } from "./reading.js";
import type { ImageLookup } from "./media.js";
import type {
  AuthorView,
  DateView,
  LinkView,
  PostCardView,
  PostView,
  PublicationView,
} from "./model.js";
import type { SiteUrls } from "./urls.js";

const DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function dateView(ms: number | undefined): DateView | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  return { iso: date.toISOString(), text: DATE.format(date) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class Views {
  constructor(readonly urls: SiteUrls) {}

  publication(p: PublicationRecord): PublicationView {
    const { urls } = this;
    return {
      ...{ id: p.id, name: p.name, slug: p.slug, url: urls.home(p) },
      ...(p.summary !== undefined && { summary: p.summary }),
      ...(p.logoUrl !== undefined && { logoUrl: p.logoUrl }),
      searchUrl: urls.publicationSearch(p),
      feeds: { rss: urls.feed(p, "rss"), atom: urls.feed(p, "atom"), json: urls.feed(p, "json") },
    };
  }

  author(p: PublicationRecord, a: Pick<AuthorRecord, "id"> & Partial<AuthorRecord>) {
    const name = a.name ?? "Anonymous";
    const view: AuthorView = { id: a.id, name, url: this.urls.author(p, a.id) };
    if (a.avatarUrl !== undefined) view.avatarUrl = a.avatarUrl;
    if (a.bio !== undefined) view.bio = a.bio;
    if (a.social?.username !== undefined) view.username = a.social.username;
    return view;
  }

  tag(p: PublicationRecord, name: string): LinkView {
    return { name, url: this.urls.tag(p, name) };
  }

  /**
   * A post's page from its wire form (the read service's bytes, with content); `images` knows
   * the uploaded images among its cover and body.
   */
  post(p: PublicationRecord, wire: WirePost, images: ImageLookup = () => undefined): PostView {
    const html = wire.staticHtml ?? "";
    const publishedAt = wire.publishedAt === undefined ? undefined : Number(wire.publishedAt);
    const updatedAt = wire.updatedAt === undefined ? undefined : Number(wire.updatedAt);
    const published = dateView(publishedAt);
    const updated = dateView(Math.max(updatedAt ?? 0, publishedAt ?? 0) || undefined);
    return {
      ...{ id: wire.id, title: wire.title, url: this.urls.post(p, wire.slug) },
      ...(wire.subtitle !== undefined && { subtitle: wire.subtitle }),
      ...(wire.imageUrl !== undefined && {
        image: { url: wire.imageUrl, alt: "", ...images(wire.imageUrl) },
      }),
      ...(published && { published }),
      ...(updated && { updated }),
      revised:
        publishedAt !== undefined && updatedAt !== undefined && updatedAt - publishedAt >= DAY_MS,
      readingMinutes: readingMinutes(textOf(html)),
      authors: wire.authors.map((a) => this.author(p, a)),
      categories: wire.categories.map((c) => this.tag(p, c)),
      html: pageBody(html, images),
    };
  }

  /** A post as a list shows it; `mixed`: the list shows posts of several publications. */
  card(p: PublicationRecord, post: PostRecord, mixed = false): PostCardView {
    const published = dateView(post.publishedAt);
    return {
      ...{ title: post.title, url: this.urls.post(p, post.slug) },
      ...(post.subtitle !== undefined && { subtitle: post.subtitle }),
      ...(post.imageUrl !== undefined && { imageUrl: post.imageUrl }),
      ...(published && { published }),
      authors: post.authors.map((a) => ({ name: a.name, url: this.urls.author(p, a.id) })),
      categories: post.categories.map((c) => this.tag(p, c)),
      ...(mixed && { publication: { name: p.name, url: this.urls.home(p) } }),
    };
  }
}
