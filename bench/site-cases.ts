// The reader's site as bench cases: a post page rotating over the 1k set's posts and the
// publications' home pages, cache on and off, each as a browser asks for it (gzip), and
// with the cache off also uncompressed.
import type { Case } from "./cases.js";
import { postSlug, publicationSlug } from "./data.js";

/** Publications whose home pages a case rotates over (as the list cases). */
const HOMES = 5;
const BROWSER = { "accept-encoding": "gzip", accept: "text/html" };

/** As the API's cache-off rows ask: no compression, so the page's own making is what is timed. */
const IDENTITY = { accept: "text/html" };

function siteCase(
  name: string,
  cache: boolean,
  paths: string[],
  headers: Record<string, string> = BROWSER,
): Case {
  const label = `${name}${cache ? "" : ", cache off"}${headers === BROWSER ? "" : ", identity"}`;
  return { name: label, data: "1k", cache, paths, headers };
}

export function siteCases(): Case[] {
  const posts = Array.from({ length: 1000 }, (_, i) => `/@${publicationSlug(i)}/${postSlug(i)}`);
  const homes = Array.from({ length: HOMES }, (_, i) => `/@${publicationSlug(i)}`);
  return [
    ...[true, false].flatMap((cache) => [
      siteCase("site: post page, 1,000 posts rotating", cache, posts),
      siteCase("site: publication home", cache, homes),
    ]),
    siteCase("site: post page, 1,000 posts rotating", false, posts, IDENTITY),
    siteCase("site: publication home", false, homes, IDENTITY),
  ];
}
