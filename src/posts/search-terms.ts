// What a search query may say: words, nothing else. Operators, quotes, column filters and
// wildcards of either engine's syntax never reach it, so a hostile query is at worst a
// search for odd words, never a syntax error (a 500) or a costly expression.

/** At most this many words are searched for; the rest of a long query is ignored. */
export const MAX_TERMS = 16;
/** A longer word is cut here: no real word is longer, and either engine would drop it. */
export const MAX_TERM_CHARS = 64;

// Letters (any script) and digits, with combining marks kept on their letter.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/** The words of a query, in order: letters and digits only. */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  for (const [word] of query.normalize("NFC").matchAll(WORD)) {
    terms.push([...word].slice(0, MAX_TERM_CHARS).join(""));
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}
