// URL policy shared by normalization (what may be stored) and the sanitizer
// (what may be emitted). Two independent checks, so a gap in one is caught by the other.
import { decodeHTML } from "entities";

/** Schemes a link may use, and the fewer an image or embed, which loads what it names, may. */
export const LINK_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto", "tel"]);
export const MEDIA_SCHEMES: ReadonlySet<string> = new Set(["http", "https"]);
// Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme a browser would see, after entity decoding (repeated, against double encoding). */
function effectiveScheme(url: string): string | null {
  let text = url;
  for (let i = 0; i < 3; i++) {
    const decoded = decodeHTML(text);
    if (decoded === text) break;
    text = decoded;
  }
  const match = SCHEME.exec(text.replace(IGNORED, ""));
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** Links may be relative or use http(s)/mailto/tel. */
export function isSafeLink(url: string): boolean {
  const scheme = effectiveScheme(url);
  return scheme === null || LINK_SCHEMES.has(scheme);
}

/** Images and embeds load content, so only relative or http(s) URLs. */
export function isSafeMedia(url: string): boolean {
  const scheme = effectiveScheme(url);
  return scheme === null || MEDIA_SCHEMES.has(scheme);
}

// Two pages of different schemes and hosts: a URL that keeps the page's origin on
// both takes its host from the page (a relative URL); any other leaves the site.
const PAGES = ["https://a.folio.invalid/p/q", "http://b.folio.invalid/r/s"].map((u) => new URL(u));

/** Whether a browser on `page` would go to another origin, by WHATWG URL parsing. */
function leaves(url: string, page: URL): boolean {
  let target: URL;
  try {
    // "Remove all ASCII tab or newline from input" and backslashes read as slashes
    // (WHATWG URL, basic URL parser): `/\t/evil.example` is `//evil.example`.
    target = new URL(url, page);
  } catch {
    return true; // not a URL a browser resolves: rel costs nothing
  }
  return (
    (target.protocol === "http:" || target.protocol === "https:") && target.origin !== page.origin
  );
}

/** A link that leaves the site, as a browser resolves it, gets rel="…nofollow". */
export function isExternal(url: string): boolean {
  return decodings(url).some((u) => PAGES.some((page) => leaves(u, page)));
}

/** `url` and what repeated entity decoding makes of it, in case it meets a decoder again. */
function decodings(url: string): string[] {
  const out = [url];
  for (let i = 0; i < 3; i++) {
    const decoded = decodeHTML(out.at(-1)!);
    if (decoded === out.at(-1)) break;
    out.push(decoded);
  }
  return out;
}
