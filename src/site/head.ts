// What a page's <head> says about it to search engines and social cards: description,
// canonical, OpenGraph, Twitter card, JSON-LD. Templates print the meta tags through the
// engine's escaping; JSON-LD is serialized here, safe inside a <script> element.

interface MetaTag {
  /** OpenGraph and article:* use `property`, Twitter `name`. */
  property?: string;
  name?: string;
  content: string;
}

interface FeedLink {
  type: string;
  title: string;
  href: string;
}

export interface HeadModel {
  title: string;
  description: string;
  canonical: string;
  /** "noindex" for pages a search engine should not keep (search results, 404). */
  robots?: string;
  icon?: string;
  meta: MetaTag[];
  /** Serialized JSON-LD, to be printed raw inside <script type="application/ld+json">. */
  jsonLd?: string;
  feeds: FeedLink[];
  prev?: string;
  next?: string;
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/;
const UNSAFE_IN_SCRIPT_ALL = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON text that cannot end the <script> element it sits in, nor start a comment there. */
export function scriptSafeJson(value: unknown): string {
  const json = JSON.stringify(value);
  return UNSAFE_IN_SCRIPT.test(json)
    ? json.replace(UNSAFE_IN_SCRIPT_ALL, (c) => SCRIPT_ESCAPES[c]!)
    : json;
}

export interface CardImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface Card {
  type: "article" | "website" | "profile";
  title: string;
  description: string;
  url: string;
  /** Defaults to the site's name. */
  siteName?: string;
  image?: CardImage;
  article?: {
    publishedTime?: string;
    modifiedTime?: string;
    authors: string[];
    tags: string[];
  };
}

/**
 * OpenGraph (ogp.me) and Twitter card tags for a page; empty values are left out. The site's
 * name stands for a card that names none.
 */
export function cardTags(card: Card, siteName?: string): MetaTag[] {
  const tags: MetaTag[] = [];
  const og = (property: string, content: string | undefined) => {
    if (content !== undefined && content !== "") tags.push({ property, content });
  };
  const tw = (name: string, content: string | undefined) => {
    if (content !== undefined && content !== "") tags.push({ name, content });
  };
  const { image, article } = card;
  og("og:type", card.type);
  og("og:title", card.title);
  og("og:description", card.description);
  og("og:url", card.url);
  og("og:site_name", card.siteName ?? siteName);
  og("og:image", image?.url);
  og("og:image:width", image?.width?.toString());
  og("og:image:height", image?.height?.toString());
  og("og:image:alt", image?.alt);
  og("article:published_time", article?.publishedTime);
  og("article:modified_time", article?.modifiedTime);
  for (const author of article?.authors ?? []) og("article:author", author);
  for (const tag of article?.tags ?? []) og("article:tag", tag);
  tw("twitter:card", image === undefined ? "summary" : "summary_large_image");
  tw("twitter:title", card.title);
  tw("twitter:description", card.description);
  tw("twitter:image", image?.url);
  tw("twitter:image:alt", image?.alt);
  return tags;
}
