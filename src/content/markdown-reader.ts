// The Markdown reader: markdown-it (CommonMark, with GFM tables and strikethrough
// built in) plus GFM autolink literals. markdown-it parses in time linear in the
// input, pathological emphasis, link and autolink runs included (its delimiter
// algorithm keeps "openers bottom", link labels are scanned once per position and
// destinations stop at 32 nested parentheses), which marked did not (issue 16).
import MarkdownIt, { type Token } from "markdown-it";
import { MAX_DEPTH } from "./errors.js";
import { gfmAutolink } from "./gfm-autolink.js";

const md = new MarkdownIt("default", {
  // Raw HTML is recognised (so a block of it ends where CommonMark says) and then
  // kept as literal text by parse-markdown.ts: it is never markup.
  html: true,
  linkify: false,
  typographer: false,
  breaks: false,
  // Past this many levels markdown-it stops reading blocks; parse-markdown.ts fails first.
  maxNesting: MAX_DEPTH + 2,
});
// URLs are kept as written (after CommonMark's escapes and entities): our own URL
// policy (url.ts) decides what is safe, and percent-encoding would change hrefs.
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (url) => url;
md.use(gfmAutolink);

/** markdown-it's token stream for `markdown`; the instance holds no per-call state. */
export function readMarkdown(markdown: string): Token[] {
  return md.parse(markdown, {});
}

export type { Token };
