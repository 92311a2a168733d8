// Records and wire posts → what templates receive (model.ts): addresses made by SiteUrls,
// dates as ISO and as text, reading time from the body's words.
import type { WirePost } from "../http/wire/schemas.js";
import type { AuthorRecord, PostRecord, PublicationRecord } from "../store/post-store.js";
import { highlightJs, pageBody, textOf, type Highlight } from "./body.js";
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
import { memoized } from "../memo.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An author the wire form names no name for (the original's schema allows it). */
const ANONYMOUS = "Anonymous";

const DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A day's text, kept: formatting is most of a date's cost, and a page's dates repeat. */
const dayText = memoized((day: number) => DATE.format(new Date(day * DAY_MS)), 4096);

function dateView(ms: number | undefined): DateView | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  return { iso: new Date(ms).toISOString(), text: dayText(Math.floor(ms / DAY_MS)) };
}

/** What a card shows of a post: its record, or its wire form (its stored body), whose time is text. */
type CardSource = Pick<PostRecord, "title" | "slug" | "categories" | "subtitle" | "imageUrl"> & {
  authors: readonly { id: string; name?: string }[];
  publishedAt?: number | string;
};

export class Views {
  /** `highlight`: how code blocks are highlighted (kept by highlights.ts on the site). */
  constructor(
    readonly urls: SiteUrls,
    private readonly highlight: Highlight = highlightJs,
  ) {}

  /** Made once per record: a page asks for its publication's view several times. */
  private readonly publications = new WeakMap<PublicationRecord, PublicationView>();

  publication(p: PublicationRecord): PublicationView {
    const known = this.publications.get(p);
    if (known !== undefined) return known;
    const { urls } = this;
    const view: PublicationView = {
      ...{ id: p.id, name: p.name, slug: p.slug, url: urls.home(p) },
      ...(p.summary !== undefined && { summary: p.summary }),
      ...(p.logoUrl !== undefined && { logoUrl: p.logoUrl }),
      searchUrl: urls.publicationSearch(p),
      feeds: { rss: urls.feed(p, "rss"), atom: urls.feed(p, "atom"), json: urls.feed(p, "json") },
    };
    this.publications.set(p, view);
    return view;
  }

  author(p: PublicationRecord, a: Pick<AuthorRecord, "id"> & Partial<AuthorRecord>) {
    const name = a.name ?? ANONYMOUS;
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
   * the uploaded images among its cover and body; `text`, its body's text when already known.
   */
  post(
    p: PublicationRecord,
    wire: WirePost,
    images: ImageLookup = () => undefined,
    text?: string,
  ): PostView {
    const html = wire.staticHtml ?? "";
    const publishedAt = wire.publishedAt === undefined ? undefined : Number(wire.publishedAt);
    const updatedAt = wire.updatedAt === undefined ? undefined : Number(wire.updatedAt);
    const view: PostView = {
      id: wire.id,
      title: wire.title,
      url: this.urls.post(p, wire.slug),
      revised:
        publishedAt !== undefined && updatedAt !== undefined && updatedAt - publishedAt >= DAY_MS,
      readingMinutes: readingMinutes(text ?? textOf(html)),
      authors: wire.authors.map((a) => this.author(p, a)),
      categories: wire.categories.map((c) => this.tag(p, c)),
      html: pageBody(html, images, this.highlight),
    };
    if (wire.subtitle !== undefined) view.subtitle = wire.subtitle;
    if (wire.imageUrl !== undefined)
      view.image = { url: wire.imageUrl, alt: "", ...images(wire.imageUrl) };
    const published = dateView(publishedAt);
    if (published !== undefined) view.published = published;
    const updated = dateView(Math.max(updatedAt ?? 0, publishedAt ?? 0) || undefined);
    if (updated !== undefined) view.updated = updated;
    return view;
  }

  /** A post as a list shows it; `mixed`: the list shows posts of several publications. */
  card(p: PublicationRecord, post: CardSource, mixed = false): PostCardView {
    // Built field by field: a list page makes a dozen of these per request.
    const { urls } = this;
    const card: PostCardView = {
      title: post.title,
      url: urls.post(p, post.slug),
      authors: post.authors.map((a) => ({ name: a.name ?? ANONYMOUS, url: urls.author(p, a.id) })),
      categories: post.categories.map((c) => this.tag(p, c)),
    };
    if (post.subtitle !== undefined) card.subtitle = post.subtitle;
    if (post.imageUrl !== undefined) card.imageUrl = post.imageUrl;
    const at = post.publishedAt;
    const published = dateView(at === undefined ? undefined : Number(at));
    if (published !== undefined) card.published = published;
    if (mixed) card.publication = { name: p.name, url: urls.home(p) };
    return card;
  }
}
