// The site's pages, each made from the same services the API reads through (the post read
// service, discovery, search) and rendered by the theme. A producer answers undefined for
// anything a reader may not see: the caller then sends the one 404 page.
import { Answer, type Sendable } from "../http/wire/answer.js";
import { strongEtag, worthCompressing, type Coding } from "../http/wire/representation.js";
import { surrogateKey } from "../http/edge/headers.js";
import type { WirePost } from "../http/wire/schemas.js";
import { depends } from "../posts/answer-cache.js";
import { listDependencies } from "../posts/list-pages.js";
import type { Produced } from "../posts/cached-answers.js";
import type { Discovery, Page, PageRequest } from "../posts/discovery.js";
import type { DiscoverySearch } from "../posts/discovery-search.js";
import type { RepresentationService } from "../http/edge/send-post.js";
import type {
  ListPosition,
  ListScope,
  PostLists,
  PublicationReader,
  KeptPageRead,
  PageForm,
  PublicationRecord,
  SitePageStore,
} from "../store/post-store.js";
import { listedEtags } from "../store/site-pages.js";
import { excerpt, textOf, type Highlight } from "./body.js";
import { cardTags, scriptSafeJson, type Card, type CardImage, type HeadModel } from "./head.js";
import type {
  AuthorPage,
  ErrorPage,
  FrontPage,
  PageModel,
  Pagination,
  PostCardView,
  PostPage,
  PublicationPage,
  PublicationView,
  SearchPage,
  TagPage,
} from "./model.js";
import type { PageTemplate, Theme } from "./theme.js";
import type { SiteUrls } from "./urls.js";
import { Views } from "./views.js";
import type { ImageLookup, SiteMedia } from "./media.js";
import { KeptPage, KeptPostPage, type Neighbours, type StoredPages } from "./stored-pages.js";

export const HTML_TYPE = "text/html; charset=utf-8";
/** The name and language of Folio's own site. */
export const SITE_NAME = "Folio";
export const SITE_LANG = "en";

/** Posts on a page of a publication, tag or author list. */
const PAGE_POSTS = 12;
/** Newest posts and publications on the front page. */
const FRONT_POSTS = 12;
const FRONT_PUBLICATIONS = 48;
const SEARCH_RESULTS = 20;

/** A post's page: whose view a reader's GET of it counts, known without a lookup. */
export class PostPageAnswer extends Answer {
  constructor(
    body: Buffer,
    keys: readonly string[],
    readonly postId: string,
    made?: ConstructorParameters<typeof Answer>[3],
  ) {
    super(body, HTML_TYPE, keys, made);
  }
}

/** A post's kept page, found current. */
interface Current {
  current: true;
  postId: string;
  page: KeptPageRead;
  keys: string[];
}

/** A publication's kept home page, found current. */
interface CurrentHome {
  current: true;
  page: KeptPageRead;
  keys: string[];
  /** The posts it lists, as the probe read them (`listedEtags`). */
  listed: string;
}

/** Whether a kept page read as `forms` can be sent: too small to compress, it is sent as it is. */
function usable(page: KeptPageRead, forms: "all" | PageForm): boolean {
  return forms === "all" || forms === "body" || worthCompressing(page.size);
}

/** Which site a request is for: Folio's own, or one publication's custom domain. */
export type Where = { main: true } | { main: false; publication: PublicationRecord };

interface PageParts {
  theme: Theme;
  urls: SiteUrls;
  lang: string;
  siteName: string;
  posts: RepresentationService;
  discovery: Discovery;
  search: DiscoverySearch;
  store: PostLists & PublicationReader & SitePageStore;
  media: SiteMedia;
  /** Post pages kept in the store, and the fingerprint that says whether one is current. */
  stored: StoredPages;
  /** How the post page highlights code blocks: highlight.js, its results kept (highlights.ts). */
  highlight: Highlight;
}

export class Pages {
  readonly views: Views;

  constructor(private readonly parts: PageParts) {
    this.views = new Views(parts.urls, parts.highlight);
  }

  /**
   * A visible post's page; undefined when it is hidden or missing (one answer). The
   * publication is the one the request was routed to, already read. The page kept in the
   * store is used when its fingerprint is what the page would be made of now; else the page
   * is made, and kept for the next read.
   */
  async post(where: Where, publication: PublicationRecord, postSlug: string, now: number) {
    const found = await this.postPage(where, publication, postSlug, now, "all");
    if (found === undefined || !("current" in found)) return found;
    const { postId, page, keys } = found;
    const made = { etag: page.etag, encoded: { gzip: page.gzip!, br: page.br! } };
    const value = new PostPageAnswer(page.body!, keys.map(cdnKey), postId, made);
    return { value, dependencies: keys, timed: true };
  }

  /**
   * The same page for one request, sent in `coding`: only that form of a kept page is read.
   * For a site without a response cache, where no answer outlives its request.
   */
  async postIn(
    where: Where,
    publication: PublicationRecord,
    postSlug: string,
    now: number,
    coding: Coding | undefined,
  ): Promise<(Sendable & { postId: string }) | undefined> {
    const form = coding ?? "body";
    const found = await this.postPage(where, publication, postSlug, now, form);
    if (found === undefined || !("current" in found)) return found?.value;
    const { postId, page, keys } = found;
    return new KeptPostPage(page[form]!, coding, page.etag, keys.map(cdnKey), page.size, postId);
  }

  /** The kept page when it is current (with the form asked for), else the page made now. */
  private async postPage(
    where: Where,
    publication: PublicationRecord,
    postSlug: string,
    now: number,
    forms: "all" | PageForm,
  ): Promise<Current | Produced<PostPageAnswer> | undefined> {
    const { store, stored } = this.parts;
    const probe = await store.probeSitePage(publication.id, postSlug, now, forms);
    if (probe === undefined) return undefined;
    const position = { publishedAt: probe.publishedAt, id: probe.postId };
    const near = await this.neighbours(publication, position, now);
    const keys = [depends.post(probe.postId), depends.publication(publication.id)];
    const { page, postEtag } = probe;
    if (page !== undefined && usable(page, forms) && postEtag !== undefined) {
      if (page.fingerprint === stored.fingerprint(where.main, publication, postEtag, near)) {
        return { current: true, postId: probe.postId, page, keys };
      }
    }
    const found = await this.parts.posts.find(
      { publicationSlug: publication.slug, postSlug },
      true,
    );
    if (found === undefined) return undefined;
    const wire = wireOf(found.body);
    // Written between the two reads: the page shows the post as found, beside its own neighbours.
    const at = Number(wire.publishedAt ?? 0);
    const moved = wire.id !== probe.postId || at !== probe.publishedAt;
    const neighbours = moved
      ? await this.neighbours(publication, { publishedAt: at, id: wire.id }, now)
      : near;
    const images = await this.parts.media.lookupFor(wire.staticHtml ?? "", wire.imageUrl);
    const model = postPageModel(this.modelParts, where, publication, wire, images, neighbours);
    const body = Buffer.from(this.parts.theme.render("post", model));
    const made = moved ? [depends.post(wire.id), depends.publication(publication.id)] : keys;
    const value = new PostPageAnswer(body, made.map(cdnKey), wire.id);
    // Kept only when made of the stored body the fingerprint names, and of nothing else: an
    // upload's sizes and widths are rows of their own, which an import may rewrite.
    if (!moved && found.etag === postEtag && images.uploads === 0) {
      const fingerprint = stored.fingerprint(where.main, publication, found.etag, neighbours);
      stored.keep(wire.id, fingerprint, value);
    }
    return { value, dependencies: made, timed: true };
  }

  private async neighbours(publication: PublicationRecord, position: ListPosition, now: number) {
    const { older, newer } = await this.parts.store.neighbours({
      ...{ publicationId: publication.id, position, visibleAt: now },
    });
    return { ...(older && { older }), ...(newer && { newer }) };
  }

  /**
   * A publication's home: its newest posts, a keyset page at a time. Its first page is kept
   * in the store as a post's page is, and used while it lists the same posts as they are.
   */
  async publication(where: Where, publication: PublicationRecord, cursor: Cursor, now: number) {
    const found = await this.home(where, publication, cursor, now, "all");
    if (!("current" in found)) return found;
    const { page, keys, listed } = found;
    const made = { etag: page.etag, encoded: { gzip: page.gzip!, br: page.br! } };
    const value = new Answer(page.body!, HTML_TYPE, keys.map(cdnKey), made);
    const scope = { publicationId: publication.id };
    return { value, dependencies: listDependencies(scope, listedEtags(listed)), timed: true };
  }

  /** The same page for one request, sent in `coding` (as `postIn`). */
  async publicationIn(
    where: Where,
    publication: PublicationRecord,
    cursor: Cursor,
    now: number,
    coding: Coding | undefined,
  ): Promise<Sendable> {
    const form = coding ?? "body";
    const found = await this.home(where, publication, cursor, now, form);
    if (!("current" in found)) return found.value;
    const { page, keys } = found;
    return new KeptPage(page[form]!, coding, page.etag, keys.map(cdnKey), page.size);
  }

  /** The kept first page when it is current, else the page made now (and kept, if first). */
  private async home(
    where: Where,
    publication: PublicationRecord,
    cursor: Cursor,
    now: number,
    forms: "all" | PageForm,
  ): Promise<CurrentHome | Produced<Answer>> {
    if (cursor.at !== undefined) return this.madeHome(where, publication, cursor, now);
    const { store, stored } = this.parts;
    const scope = { publicationId: publication.id };
    // One past the page, as the list reads it: whether a next page exists is on the page.
    const { listed, page } = await store.probeHomePage(publication.id, now, PAGE_POSTS + 1, forms);
    const fingerprint = stored.homeFingerprint(where.main, publication, listed);
    if (fingerprint !== undefined && page?.fingerprint === fingerprint && usable(page, forms)) {
      return { current: true, page, keys: [depends.publication(publication.id)], listed };
    }
    const shown: string[] = [];
    const made = await this.madeHome(where, publication, cursor, now, shown);
    // Kept only when made of what the fingerprint names: the same posts (and the one after),
    // each card from the very body whose validator it lists, not from a later or earlier read.
    const posts = listedEtags(listed);
    const sameList = made.dependencies.join(" ") === listDependencies(scope, posts).join(" ");
    const sameBodies = shown.every((etag, i) => etag === posts[i]?.etag);
    if (fingerprint !== undefined && sameList && shown.length > 0 && sameBodies) {
      stored.keepHome(publication.id, fingerprint, made.value);
    }
    return made;
  }

  private async madeHome(
    where: Where,
    publication: PublicationRecord,
    cursor: Cursor,
    now: number,
    shown?: string[],
  ): Promise<Produced<Answer>> {
    const request = { limit: PAGE_POSTS, withContent: false, ...cursorOf(cursor) };
    const scope = { publicationId: publication.id };
    const page = await this.cards(publication, scope, request, now, shown);
    const view = this.views.publication(publication);
    const { urls } = this.parts;
    const pagination = paginate(cursor, page, (c) => urls.home(publication, c));
    const url = urls.home(publication, cursor.at);
    const description = publication.summary ?? `The newest posts of ${publication.name}.`;
    const card: Card = { type: "website", title: publication.name, description, url };
    const model: PublicationPage = {
      ...this.common(where, publication, {
        card,
        jsonLd: website(publication.name, description, view.url, view.searchUrl),
        title: cursor.at === undefined ? publication.name : `${publication.name} · older posts`,
        pagination,
      }),
      publication: view,
      posts: page.items,
      ...(pagination && { pagination }),
    };
    const keys = [depends.publication(publication.id)];
    return this.produced("publication", model, keys, page.dependencies);
  }

  async tag(
    where: Where,
    publication: PublicationRecord,
    tag: string,
    cursor: Cursor,
    now: number,
  ) {
    const request = { limit: PAGE_POSTS, withContent: false, ...cursorOf(cursor) };
    const scope = { publicationTag: { publicationId: publication.id, tag } };
    const page = await this.cards(publication, scope, request, now);
    if (page.items.length === 0 && cursor.at === undefined) return undefined;
    const { urls } = this.parts;
    const pagination = paginate(cursor, page, (c) => urls.tag(publication, tag, c));
    const url = urls.tag(publication, tag, cursor.at);
    const description = `Posts of ${publication.name} about ${tag}.`;
    const title = `${tag} · ${publication.name}`;
    const model: TagPage = {
      ...this.common(where, publication, {
        card: { type: "website", title, description, url },
        title,
        pagination,
      }),
      publication: this.views.publication(publication),
      tag: this.views.tag(publication, tag),
      posts: page.items,
      ...(pagination && { pagination }),
    };
    const keys = [depends.publication(publication.id)];
    return this.produced("tag", model, keys, [...page.dependencies, ...keys]);
  }

  async author(where: Where, publication: PublicationRecord, authorId: string, now: number) {
    const { discovery } = this.parts;
    const author = await discovery.user({ id: authorId });
    if (author === undefined || author.publicationId !== publication.id) return undefined;
    const request = { limit: PAGE_POSTS * 2, withContent: false };
    const page = await this.cards(publication, { authorId }, request, now);
    const view = this.views.author(publication, author);
    const description = author.bio ?? `Posts by ${author.name} in ${publication.name}.`;
    const title = `${author.name} · ${publication.name}`;
    const card: Card = { type: "profile", title, description, url: view.url };
    const jsonLd = {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      mainEntity: {
        "@type": "Person",
        name: author.name,
        url: view.url,
        ...(author.avatarUrl !== undefined && { image: author.avatarUrl }),
        ...(author.bio !== undefined && { description: author.bio }),
      },
    };
    const model: AuthorPage = {
      ...this.common(where, publication, { card, jsonLd, title }),
      publication: this.views.publication(publication),
      author: view,
      posts: page.items,
    };
    const keys = [depends.publication(publication.id), depends.user(authorId)];
    return this.produced("author", model, keys, [...page.dependencies, ...keys]);
  }

  /** Folio's front page: its publications and the newest posts across them. */
  async front(now: number) {
    const { store, urls, siteName } = this.parts;
    const publications = await store.listPublications("", FRONT_PUBLICATIONS);
    const request = { limit: FRONT_POSTS, withContent: false };
    const { posts, dependencies } = await this.feedCards(request, now);
    const description = `${siteName}: ${publications.map((p) => p.name).join(", ")}.`;
    const model: FrontPage = {
      ...this.common({ main: true }, undefined, {
        card: { type: "website", title: siteName, description, url: urls.front },
        jsonLd: website(siteName, description, urls.front, urls.search()),
        title: siteName,
      }),
      publications: publications.map((p) => this.views.publication(p)),
      posts,
    };
    return this.produced("front", model, ["feed"], dependencies);
  }

  /** Search over every publication's posts, or over one's on its own domain. */
  async search(where: Where, query: string, now: number) {
    const { search, urls, siteName } = this.parts;
    const publication = where.main ? undefined : where.publication;
    const searched = query.trim() !== "";
    const hits = searched
      ? await search.posts(
          query,
          { limit: SEARCH_RESULTS, ...(publication && { publicationId: publication.id }) },
          now,
        )
      : [];
    const url = publication ? urls.publicationSearch(publication) : urls.search();
    const title = searched ? `Search: ${query}` : "Search";
    const model: SearchPage = {
      ...this.common(where, publication, {
        card: { type: "website", title, description: `Search ${siteName}.`, url },
        title,
        robots: "noindex",
      }),
      query,
      searched,
      results: hits.map(({ post, publication: p, preview }) => ({
        ...this.views.card(p, post, publication === undefined),
        ...(preview !== "" && { excerpt: excerpt(preview, 240) }),
      })),
    };
    return this.produced("search", model, ["search"], ["search"]);
  }

  /**
   * A page of one of the publication's lists as cards, made from the posts' stored bodies (one
   * indexed read, no aggregation); from their records when one was stored without a body.
   */
  private async cards(
    publication: PublicationRecord,
    scope: ListScope,
    request: PageRequest,
    now: number,
    shown?: string[],
  ): Promise<Page<PostCardView>> {
    const { discovery } = this.parts;
    const bodies = await discovery.bodies(scope, request, now);
    if (bodies.items.every((item) => item.body !== null)) {
      // `shown`: the validator of each body a card is made from, as the store computes it.
      shown?.push(...bodies.items.map((item) => strongEtag(item.body!)));
      const items = bodies.items.map((item) => this.views.card(publication, wireOf(item.body!)));
      return { ...bodies, items };
    }
    const records = await discovery.posts(scope, request, now);
    return { ...records, items: records.items.map((post) => this.views.card(publication, post)) };
  }

  /** The newest posts across publications as cards, each naming its publication (as `cards`). */
  private async feedCards(request: PageRequest, now: number) {
    const { discovery } = this.parts;
    const feed = await discovery.feed(request, now);
    if (feed.items.every((item) => item.post.body !== null)) {
      const posts = feed.items.map((item) =>
        this.views.card(item.publication, wireOf(item.post.body!), true),
      );
      return { posts, dependencies: feed.dependencies };
    }
    // The records are a second read: the page's dependencies are that read's.
    const records = await discovery.feedOfRecords(request, now);
    const posts = records.items.map((item) => this.views.card(item.publication, item.post, true));
    return { posts, dependencies: records.dependencies };
  }

  /** The 404 page of a host: the same bytes for anything not found there. */
  notFound(where: Where): Answer {
    const publication = where.main ? undefined : where.publication;
    const model: ErrorPage = {
      ...this.common(where, publication, {
        title: "Page not found",
        robots: "noindex",
        noCanonical: true,
      }),
      status: 404,
      heading: "Page not found",
      message: "There is nothing at this address. It may have moved, or never existed.",
    };
    return this.html("404", model, []);
  }

  /** The page of a failure on our side (5xx). */
  failure(where: Where, status: number): Answer {
    const publication = where.main ? undefined : where.publication;
    const unavailable = status === 503;
    const model: ErrorPage = {
      ...this.common(where, publication, {
        title: unavailable ? "Temporarily unavailable" : "Something went wrong",
        robots: "noindex",
        noCanonical: true,
      }),
      status,
      heading: unavailable ? "Temporarily unavailable" : "Something went wrong",
      message: unavailable
        ? "This page cannot be shown just now. Please try again in a moment."
        : "This page could not be shown because of an error on our side. It has been logged.",
    };
    return this.html("500", model, []);
  }

  private produced(
    name: PageTemplate,
    model: PageModel,
    keys: readonly string[],
    dependencies: readonly string[],
  ): Produced<Answer> {
    return { value: this.html(name, model, keys), dependencies, timed: true };
  }

  private html(name: PageTemplate, model: PageModel, keys: readonly string[]): Answer {
    const body = Buffer.from(this.parts.theme.render(name, model));
    return new Answer(body, HTML_TYPE, keys.map(cdnKey));
  }

  private get modelParts(): ModelParts {
    const { theme, urls, lang, siteName } = this.parts;
    return { theme, urls, lang, siteName, views: this.views };
  }

  private common(
    where: Where,
    publication: PublicationRecord | undefined,
    head: HeadParts,
  ): PageModel {
    return commonModel(this.modelParts, where, publication, head);
  }
}

/** What a page's model is made with, besides the records it shows. */
export interface ModelParts {
  theme: Theme;
  urls: SiteUrls;
  lang: string;
  siteName: string;
  views: Views;
}

/**
 * The post page's model from its wire form; its neighbours link older and newer posts. Built
 * field by field: with the cache off, every view of a post makes one.
 */
export function postPageModel(
  parts: ModelParts,
  where: Where,
  publication: PublicationRecord,
  wire: WirePost,
  images: ImageLookup,
  neighbours: Neighbours,
): PostPage {
  const { views, urls } = parts;
  const text = textOf(wire.staticHtml ?? "");
  const view = views.post(publication, wire, images, text);
  const publicationView = views.publication(publication);
  const cover = view.image;
  let image: CardImage | undefined;
  if (cover !== undefined) {
    image = { url: cover.url, alt: view.title };
    if (cover.width !== undefined) {
      image.width = cover.width;
      image.height = cover.height;
    }
  }
  const description = wire.subtitle ?? excerpt(text);
  const authors = view.authors;
  const card: Card = {
    type: "article",
    title: wire.title,
    description,
    url: view.url,
    siteName: publication.name,
    article: { authors: authors.map((a) => a.url), tags: wire.categories },
  };
  if (image !== undefined) card.image = image;
  if (view.published !== undefined) card.article!.publishedTime = view.published.iso;
  if (view.updated !== undefined) card.article!.modifiedTime = view.updated.iso;
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: wire.title,
    description,
    url: view.url,
    mainEntityOfPage: view.url,
  };
  if (image !== undefined) jsonLd.image = [image.url];
  if (view.published !== undefined) jsonLd.datePublished = view.published.iso;
  if (view.updated !== undefined) jsonLd.dateModified = view.updated.iso;
  jsonLd.author = authors.map((a) => ({ "@type": "Person", name: a.name, url: a.url }));
  jsonLd.publisher = organization(publication, publicationView);
  if (wire.categories.length > 0) jsonLd.keywords = wire.categories.join(", ");
  const title = `${wire.title} · ${publication.name}`;
  const page: PostPage = {
    ...commonModel(parts, where, publication, { card, jsonLd, title }),
    publication: publicationView,
    post: view,
  };
  const { older, newer } = neighbours;
  if (older !== undefined || newer !== undefined) {
    const link = (n: { slug: string; title: string }) => ({
      name: n.title,
      url: urls.post(publication, n.slug),
    });
    page.neighbours = {};
    if (older !== undefined) page.neighbours.previous = link(older);
    if (newer !== undefined) page.neighbours.next = link(newer);
  }
  return page;
}

function commonModel(
  parts: ModelParts,
  where: Where,
  publication: PublicationRecord | undefined,
  head: HeadParts,
): PageModel {
  const { theme, urls, lang, siteName, views } = parts;
  const view = publication && views.publication(publication);
  const site = where.main
    ? { name: siteName, url: urls.front, searchUrl: urls.search(), main: true }
    : {
        main: false,
        name: where.publication.name,
        url: urls.home(where.publication),
        searchUrl: urls.publicationSearch(where.publication),
      };
  return {
    lang,
    head: headModel(head, view, site.name),
    stylesheet: theme.cssPath,
    site,
    ...(view && { publication: view }),
  };
}

/**
 * What the layout needs for a page of Folio's own host that is no reader's page (the desk's):
 * the main site's masthead and footer, no canonical, not indexed.
 */
export function ownPageModel(theme: Theme, urls: SiteUrls, title: string): PageModel {
  const site = { name: SITE_NAME, url: urls.front, searchUrl: urls.search(), main: true };
  return {
    lang: SITE_LANG,
    head: headModel({ title, robots: "noindex", noCanonical: true }, undefined, SITE_NAME),
    stylesheet: theme.cssPath,
    site,
  };
}

/** Where a list page starts (`at`) and the page it was reached from (`from`). */
export interface Cursor {
  at?: string;
  /** The cursor of the newer page that linked here; "" for the first page. */
  from?: string;
}

interface HeadParts {
  title: string;
  card?: Card;
  jsonLd?: object;
  robots?: string;
  noCanonical?: boolean;
  pagination?: Pagination;
}

function headModel(parts: HeadParts, publication: PublicationView | undefined, siteName: string) {
  const { card } = parts;
  const head: HeadModel = {
    title: parts.title,
    description: card?.description ?? "",
    canonical: parts.noCanonical === true ? "" : (card?.url ?? ""),
    meta: card === undefined ? [] : cardTags(card, siteName),
    feeds:
      publication === undefined
        ? []
        : [
            {
              type: "application/rss+xml",
              title: `${publication.name} (RSS)`,
              href: publication.feeds.rss,
            },
            {
              type: "application/atom+xml",
              title: `${publication.name} (Atom)`,
              href: publication.feeds.atom,
            },
            {
              type: "application/feed+json",
              title: `${publication.name} (JSON Feed)`,
              href: publication.feeds.json,
            },
          ],
  };
  if (parts.robots !== undefined) head.robots = parts.robots;
  if (publication?.logoUrl !== undefined) head.icon = publication.logoUrl;
  if (parts.jsonLd !== undefined) head.jsonLd = scriptSafeJson(parts.jsonLd);
  if (parts.pagination?.next !== undefined) head.next = parts.pagination.next;
  if (parts.pagination?.prev !== undefined) head.prev = parts.pagination.prev;
  return head;
}

function organization(p: PublicationRecord, view: PublicationView) {
  return {
    "@type": "Organization",
    name: p.name,
    url: view.url,
    ...(p.logoUrl !== undefined && { logo: { "@type": "ImageObject", url: p.logoUrl } }),
  };
}

function website(name: string, description: string, url: string, searchUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name,
    description,
    url,
    potentialAction: {
      "@type": "SearchAction",
      target: `${searchUrl}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

function cursorOf(cursor: Cursor): { cursor?: string } {
  return cursor.at === undefined ? {} : { cursor: cursor.at };
}

/**
 * Older posts follow the page's keyset cursor. A keyset list cannot be read backwards, so
 * the link to newer posts is the page this one was reached from, carried in `from`.
 * Undefined when the page links nowhere, so a theme shows no empty pager.
 */
function paginate(
  cursor: Cursor,
  page: Page<unknown>,
  at: (cursor?: string) => string,
): Pagination | undefined {
  const links: Pagination = {};
  if (page.cursor !== undefined) {
    links.next = `${at(page.cursor)}&from=${encodeURIComponent(cursor.at ?? "")}`;
  }
  if (cursor.at !== undefined && cursor.from !== undefined) {
    links.prev = at(cursor.from === "" ? undefined : cursor.from);
  }
  return links.next === undefined && links.prev === undefined ? undefined : links;
}

/** A post's stored body (the read service's bytes) as its wire form. */
const wireOf = (body: Buffer) => JSON.parse(body.toString("utf8")) as WirePost;

/** A dependency name as a header may carry it: an id may hold what a header may not. */
function cdnKey(name: string): string {
  const dash = name.indexOf("-");
  return dash < 0 ? name : surrogateKey(name.slice(0, dash), name.slice(dash + 1));
}
