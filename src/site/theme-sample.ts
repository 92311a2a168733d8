// A sample of what each page template receives, rendered once at start: a template that
// fails on real-shaped data fails there, with its name and line, not on a reader's request.
import type {
  AuthorPage,
  ErrorPage,
  FrontPage,
  PageModel,
  PostCardView,
  PostPage,
  PublicationPage,
  PublicationView,
  SearchPage,
  TagPage,
} from "./model.js";

const SITE = "https://folio.example";
const DATE = { iso: "2026-01-02T03:04:05.000Z", text: "2 January 2026" };

const publication: PublicationView = {
  ...{ id: "pub_sample", name: "Sample", slug: "sample", url: `${SITE}/@sample` },
  ...{ summary: "A sample publication.", logoUrl: `${SITE}/logo.png` },
  searchUrl: `${SITE}/search`,
  feeds: { rss: `${SITE}/rss`, atom: `${SITE}/atom`, json: `${SITE}/json` },
};

const author = {
  ...{ id: "usr_sample", name: "Sam Ple", url: `${SITE}/@sample/author/usr_sample` },
  ...{ avatarUrl: `${SITE}/avatar.png`, bio: "Writes samples.", username: "sam" },
};

const tag = { name: "samples", url: `${SITE}/@sample/tag/samples` };

const card: PostCardView = {
  ...{ title: "A sample post", subtitle: "Its subtitle", url: `${SITE}/@sample/a-sample-post` },
  ...{ imageUrl: `${SITE}/cover.png`, published: DATE, authors: [author], categories: [tag] },
  ...{ publication: { name: publication.name, url: publication.url }, excerpt: "Some text." },
};

function common(title: string): PageModel {
  return {
    lang: "en",
    head: {
      ...{ title, description: "A sample page.", canonical: `${SITE}/`, icon: `${SITE}/logo.png` },
      meta: [
        { property: "og:title", content: title },
        { name: "twitter:card", content: "summary" },
      ],
      jsonLd: '{"@type":"WebSite"}',
      feeds: [{ type: "application/rss+xml", title: "RSS", href: publication.feeds.rss }],
      ...{ prev: `${SITE}/?cursor=a`, next: `${SITE}/?cursor=b`, robots: "noindex" },
    },
    stylesheet: "/_folio/style.css",
    site: { name: "Folio", url: `${SITE}/`, searchUrl: `${SITE}/search`, main: true },
    publication,
  };
}

export function sampleModels(stylesheet: string) {
  const base = (title: string) => ({ ...common(title), stylesheet });
  const list = { posts: [card], pagination: { next: `${SITE}/?cursor=b`, prev: `${SITE}/` } };
  const error = (status: number): ErrorPage => ({
    ...base("Error"),
    ...{ status, heading: "Error", message: "Something happened." },
  });
  const post: PostPage = {
    ...base("A sample post"),
    publication,
    post: {
      ...{ id: "pst_sample", title: card.title, subtitle: "Its subtitle", url: card.url },
      ...{ image: { url: `${SITE}/cover.png`, alt: "" }, published: DATE, updated: DATE },
      ...{ revised: true, readingMinutes: 3, authors: [author], categories: [tag] },
      html: "<p>Hello <strong>world</strong>.</p>",
    },
    neighbours: {
      previous: { name: "Older", url: `${SITE}/@sample/older` },
      next: { name: "Newer", url: `${SITE}/@sample/newer` },
    },
  };
  const home: PublicationPage = { ...base("Sample"), publication, ...list };
  const tagPage: TagPage = { ...home, tag };
  const authorPage: AuthorPage = { ...base("Sam Ple"), publication, author, posts: [card] };
  const front: FrontPage = { ...base("Folio"), publications: [publication], posts: [card] };
  const search: SearchPage = {
    ...base("Search"),
    query: "sample",
    searched: true,
    results: [card],
  };
  return {
    post,
    publication: home,
    tag: tagPage,
    author: authorPage,
    front,
    search,
    "404": error(404),
    "500": error(500),
  };
}
