// A publication's latest posts for feed readers: RSS 2.0, Atom 1.0 (RFC 4287) and JSON Feed
// 1.1, each with the posts' sanitized HTML and absolute links to {SITE_URL}/@pub/slug.
// Pure functions of their input: the same posts give the same bytes (and ETag).
import { customOrigin } from "../../posts/publication-domains.js";
import type { PostRecord, PublicationRecord } from "../../store/post-store.js";

interface FeedSource {
  publication: PublicationRecord;
  /** Newest first, with their content. */
  posts: readonly PostRecord[];
  siteUrl: string;
}

export const FEED_TYPES = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
} as const;

// A publication with a domain of its own lives at that domain's root (contract section 8).
const baseOf = (s: FeedSource) =>
  customOrigin(s.publication) ?? `${s.siteUrl}/@${encodeURIComponent(s.publication.slug)}`;
const homeOf = (s: FeedSource) =>
  customOrigin(s.publication) === undefined ? baseOf(s) : `${baseOf(s)}/`;
const linkOf = (s: FeedSource, post: PostRecord) => `${baseOf(s)}/${encodeURIComponent(post.slug)}`;
const htmlOf = (post: PostRecord) => post.content?.staticHtml ?? "";
const authorsOf = (post: PostRecord) => post.authors.map((a) => a.name);
// RSS 2.0: "All date-times in RSS conform to the Date and Time Specification of RFC 822";
// toUTCString writes that form with a four-digit year ("Wed, 14 Jan 2026 00:00:00 GMT").
const rfc822 = (ms: number) => new Date(ms).toUTCString();
// RFC 4287 §3.3 and JSON Feed: RFC 3339 date-times.
const rfc3339 = (ms: number) => new Date(ms).toISOString();
const published = (post: PostRecord) => post.publishedAt ?? post.updatedAt;
/** An entry is not "updated" before it was published (a post edited while scheduled). */
const updated = (post: PostRecord) => Math.max(post.updatedAt, published(post));
const newest = (s: FeedSource) => Math.max(0, ...s.posts.map(updated));

// XML 1.0 §2.2: Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
// eslint-disable-next-line no-control-regex -- the allowed control characters, named by the spec
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text as XML character data or an attribute value: escaped, never-valid characters dropped. */
export function xml(text: string): string {
  return text.replace(NOT_XML_CHAR, "").replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

const element = (name: string, text: string | undefined, attributes = "") =>
  text === undefined ? "" : `<${name}${attributes}>${xml(text)}</${name}>`;

export function rss(s: FeedSource): string {
  const { publication: p } = s;
  const items = s.posts.map((post) =>
    [
      "<item>",
      element("title", post.title),
      element("link", linkOf(s, post)),
      element("guid", linkOf(s, post), ' isPermaLink="true"'),
      element("pubDate", rfc822(published(post))),
      element("description", post.subtitle),
      element("content:encoded", htmlOf(post)),
      ...authorsOf(post).map((name) => element("dc:creator", name)),
      ...post.categories.map((c) => element("category", c)),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    element("title", p.name),
    element("link", homeOf(s)),
    element("description", p.summary ?? p.name),
    element("generator", "Folio"),
    s.posts.length > 0 ? element("lastBuildDate", rfc822(newest(s))) : "",
    p.logoUrl === undefined
      ? ""
      : `<image>${element("url", p.logoUrl)}${element("title", p.name)}${element("link", homeOf(s))}</image>`,
    ...items,
    "</channel></rss>\n",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

export function atom(s: FeedSource): string {
  const { publication: p } = s;
  const entries = s.posts.map((post) =>
    [
      "<entry>",
      element("id", linkOf(s, post)),
      element("title", post.title),
      `<link rel="alternate" type="text/html" href="${xml(linkOf(s, post))}"/>`,
      element("published", rfc3339(published(post))),
      element("updated", rfc3339(updated(post))),
      ...authorsOf(post).map((name) => `<author>${element("name", name)}</author>`),
      element("summary", post.subtitle),
      element("content", htmlOf(post), ' type="html"'),
      ...post.categories.map((c) => `<category term="${xml(c)}"/>`),
      "</entry>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", homeOf(s)),
    element("title", p.name),
    element("subtitle", p.summary),
    element("updated", rfc3339(newest(s))),
    `<link rel="alternate" type="text/html" href="${xml(homeOf(s))}"/>`,
    // RFC 4287 §4.1.1: a feed names an author unless every entry does.
    `<author>${element("name", p.name)}</author>`,
    element("logo", p.logoUrl),
    element("generator", "Folio"),
    ...entries,
    "</feed>\n",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

export function jsonFeed(s: FeedSource): string {
  const { publication: p } = s;
  const items = s.posts.map((post) => ({
    id: linkOf(s, post),
    url: linkOf(s, post),
    title: post.title,
    content_html: htmlOf(post),
    ...(post.subtitle !== undefined && { summary: post.subtitle }),
    ...(post.imageUrl !== undefined && { image: post.imageUrl }),
    date_published: rfc3339(published(post)),
    date_modified: rfc3339(updated(post)),
    authors: post.authors.map((a) => ({
      name: a.name,
      ...(a.avatarUrl !== undefined && { avatar: a.avatarUrl }),
    })),
    tags: post.categories,
  }));
  const feed = {
    version: "https://jsonfeed.org/version/1.1",
    title: p.name,
    home_page_url: homeOf(s),
    ...(p.summary !== undefined && { description: p.summary }),
    ...(p.logoUrl !== undefined && { icon: p.logoUrl }),
    items,
  };
  return `${JSON.stringify(feed)}\n`;
}
