// What templates receive (docs/themes.md lists it): plain data, strings already made into
// the addresses and dates a page prints. Author-supplied strings stay raw here; the template
// engine escapes them on output. Only `post.html` and `head.jsonLd` are printed raw.
import type { HeadModel } from "./head.js";
import type { Responsive } from "./media.js";

export interface DateView {
  /** ISO 8601, for `<time datetime>`. */
  iso: string;
  /** As a reader reads it: "26 November 2024". */
  text: string;
}

export interface LinkView {
  name: string;
  url: string;
}

export interface AuthorView {
  id: string;
  name: string;
  url: string;
  avatarUrl?: string;
  bio?: string;
  /** The social profile's @name, when the author has one. */
  username?: string;
}

export interface PublicationView {
  id: string;
  name: string;
  slug: string;
  url: string;
  summary?: string;
  logoUrl?: string;
  searchUrl: string;
  feeds: { rss: string; atom: string; json: string };
}

/** A post as a list shows it. */
export interface PostCardView {
  title: string;
  subtitle?: string;
  url: string;
  imageUrl?: string;
  published?: DateView;
  authors: LinkView[];
  categories: LinkView[];
  /** The publication, on lists that mix publications (front page, search). */
  publication?: LinkView;
  /** A plain excerpt of the text (search results). */
  excerpt?: string;
}

/** A post as its own page shows it. */
export interface PostView {
  id: string;
  title: string;
  subtitle?: string;
  url: string;
  /** The cover; an uploaded one also has its size and its widths (`srcset`, `sizes`). */
  image?: { url: string; alt: string } & Partial<Responsive>;
  published?: DateView;
  updated?: DateView;
  /** Whether it was changed after it was published (a day or more later). */
  revised: boolean;
  readingMinutes: number;
  authors: AuthorView[];
  categories: LinkView[];
  /** The sanitized body: print with `raw`. */
  html: string;
}

export interface Pagination {
  /** Older posts. */
  next?: string;
  /** Newer posts, when the page was reached from them. */
  prev?: string;
}

/** What every page has. */
export interface PageModel {
  lang: string;
  head: HeadModel;
  stylesheet: string;
  /**
   * The site this host shows: Folio's front page (`main`), or a publication on its own domain
   * (then a publication's pages do not link back to Folio's front page).
   */
  site: { name: string; url: string; searchUrl: string; main: boolean };
  publication?: PublicationView;
}

export interface PostPage extends PageModel {
  publication: PublicationView;
  post: PostView;
  /** The older (`previous`) and newer (`next`) posts of the publication, when there are any. */
  neighbours?: { previous?: LinkView; next?: LinkView };
}

export interface PublicationPage extends PageModel {
  publication: PublicationView;
  posts: PostCardView[];
  /** Absent on a page that links to no other. */
  pagination?: Pagination;
}

export interface TagPage extends PublicationPage {
  tag: LinkView;
}

export interface AuthorPage extends PageModel {
  publication: PublicationView;
  author: AuthorView;
  posts: PostCardView[];
}

export interface FrontPage extends PageModel {
  publications: PublicationView[];
  posts: PostCardView[];
}

export interface SearchPage extends PageModel {
  query: string;
  searched: boolean;
  results: PostCardView[];
}

export interface ErrorPage extends PageModel {
  status: number;
  heading: string;
  message: string;
}
