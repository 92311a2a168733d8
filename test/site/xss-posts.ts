// The content tests' XSS corpus as posts of the demo's field-notes publication, with hostile
// strings in the fields a theme prints as text too: what the site's tests render as pages.
import { corpus } from "../content/xss-corpus.js";
import { SITE_NOW } from "../helpers/site.js";

/** Markup that runs a script wherever it is not escaped. */
export const HOSTILE = "</script><script>alert(1)</script><img src=x onerror=alert(1)>";

/** The URL of corpus case `i` on the main site. */
export const xssUrl = (i: number) => `/@field-notes/xss-${i}`;

/** One post record per corpus case, in the corpus's order. */
export function xssPosts(): object[] {
  return corpus.map(([name, source], i) => ({
    ...{ type: "post", id: `pst_xss_${i}`, publicationId: "pub_field", slug: `xss-${i}` },
    ...{ title: `${name} ${HOSTILE}`.slice(0, 200), subtitle: HOSTILE, categories: [HOSTILE] },
    ...{ status: "published", publishedAt: SITE_NOW - 1000, authorIds: ["usr_ada"] },
    ...source,
  }));
}
