// Code blocks highlighted once per distinct block, not once per page made. highlight.js is a
// third of the making of a page that shows 60 lines of TypeScript, and a post's page is made
// again whenever anything in its publication changes (its neighbours may have). What is kept shares the response LRU under its own prefix, so CACHE_MAX_BYTES bounds
// it with everything else and a bound of 0 keeps nothing. The key is a hash of the language
// and the code: the same block always gives the same markup, so no change can make one stale.
import { createHash } from "node:crypto";
import type { SharedLru, Sized } from "../posts/byte-lru.js";
import { highlightJs, type Highlight } from "./body.js";

// Every key starts with "h" (site pages "s", posts "p", API answers "a").
const OWN = "h";

class Kept implements Sized {
  constructor(
    readonly html: string,
    readonly bytes: number,
  ) {}
}

/** `make`: the highlighter whose results are kept (highlight.js; a test's counting one). */
export function keptHighlights(lru: SharedLru, make: Highlight = highlightJs): Highlight {
  return (language, escaped) => {
    if (lru.maxBytes === 0) return make(language, escaped);
    const hash = createHash("sha1").update(language).update("\0").update(escaped);
    const key = OWN + hash.digest("base64url");
    const kept = lru.get(key);
    if (kept instanceof Kept) return kept.html;
    const html = make(language, escaped);
    // Two bytes a character at worst, the key likewise, and the entry's objects.
    lru.set(key, new Kept(html, 2 * (html.length + key.length) + 160));
    return html;
  };
}
