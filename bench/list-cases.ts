// The discovery reads as bench cases: a publication's page of 10 posts and the
// feed's page of 20, first page and 1,000th, cache on and off, on the 1k and 1M data sets.
// A deep page's cursor is found by walking the list on the running Folio (cursors are signed).
import { SHIPPED, type Case, type DataSet } from "./cases.js";

/** Publications of the data set (bench/data.ts) a case rotates over. */
const PUBLICATIONS = 5;

const publicationPage = (i: number) => `/v1/publications/pub_${i}/posts?limit=10`;
const FEED = "/v1/posts/feed";

/** The path of the `page`-th page (1-based) of the list at `first`, following cursors. */
async function pageAt(folioUrl: string, first: string, page: number): Promise<string> {
  let path = first;
  for (let n = 1; n < page; n++) {
    const response = await fetch(folioUrl + path);
    const body = (await response.json()) as { pagination?: { cursor?: string } };
    const cursor = body.pagination?.cursor;
    if (cursor === undefined) throw new Error(`${first} has fewer than ${page} pages`);
    const separator = first.includes("?") ? "&" : "?";
    path = `${first}${separator}cursor=${encodeURIComponent(cursor)}`;
  }
  return path;
}

const deep = (firsts: string[], page: number) => (url: string) =>
  Promise.all(firsts.map((first) => pageAt(url, first, page)));

function listCase(name: string, data: DataSet, cache: boolean, paths: string[], page = 1): Case {
  const label = `${name}, ${page === 1 ? "first page" : `page ${page}`}, ${data === "1k" ? "1k" : "1M"} posts${cache ? "" : ", cache off"}`;
  return {
    name: label,
    data,
    cache,
    paths,
    headers: {},
    ...(page === 1 ? {} : { resolve: deep(paths, page) }),
  };
}

/** The list target as shipped (per-client limiting and access lines on), cache off. */
function shippedListCases(publications: string[]): Case[] {
  const shipped = (c: Case): Case => ({ ...c, name: `${c.name}, shipped defaults`, env: SHIPPED });
  return [
    shipped(listCase("publication's posts (10)", "1k", false, publications)),
    shipped(listCase("feed (20)", "1k", false, [FEED])),
  ];
}

export function listCases(): Case[] {
  const publications = Array.from({ length: PUBLICATIONS }, (_, i) => publicationPage(i));
  const cases: Case[] = [];
  for (const data of ["1k", "1m"] as const) {
    for (const cache of [true, false]) {
      cases.push(listCase("publication's posts (10)", data, cache, publications));
      cases.push(listCase("feed (20)", data, cache, [FEED]));
      if (data === "1m") {
        cases.push(listCase("publication's posts (10)", data, cache, publications, 1000));
        cases.push(listCase("feed (20)", data, cache, [FEED], 1000));
      }
    }
  }
  return [...cases, ...shippedListCases(publications)];
}
