// The Markdown reader: markdown-it (CommonMark, with GFM tables and strikethrough
// built in) plus GFM autolink literals. markdown-it parses in time linear in the
// input, pathological emphasis, link and autolink runs included (its delimiter
// algorithm keeps "openers bottom", link labels are scanned once per position and
// destinations stop at 32 nested parentheses), which marked did not.
import MarkdownIt, { type Options } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { gfmAutolink } from "./gfm-autolink.js";
import { ContentError, MAX_DEPTH } from "./errors.js";
import { LIMITS, tooManyNodes } from "./limits.js";

// maxNesting is an option markdown-it reads (its presets set it) that its types leave out.
const options: Options & { maxNesting: number } = {
  // Raw HTML is recognised (so a block of it ends where CommonMark says) and then
  // kept as literal text by parse-markdown.ts: it is never markup.
  html: true,
  linkify: false,
  typographer: false,
  breaks: false,
  // Past this many levels markdown-it stops reading blocks; parse-markdown.ts fails first.
  maxNesting: MAX_DEPTH + 2,
};
const md = new MarkdownIt("default", options);
// URLs are kept as written (after CommonMark's escapes and entities): our own URL
// policy (url.ts) decides what is safe, and percent-encoding would change hrefs.
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (url) => url;
md.use(gfmAutolink);

// A code span of nothing but spaces (and line ends) is kept whole, as CommonMark says
// (6.1: one space is taken off each end only when the content is not all spaces).
// markdown-it takes them off a span of three or more spaces too, so Folio's own Markdown
// of such a span, which every CommonMark reader keeps, would not read back. Every other
// span is left to markdown-it's rule.
md.inline.ruler.before("backticks", "folio_blank_code", (state, silent) => {
  const { src, pos, posMax } = state;
  const runEnd = (from: number) => {
    let at = from;
    while (at < posMax && src.charCodeAt(at) === 0x60 /* ` */) at++;
    return at;
  };
  const open = runEnd(pos);
  if (open === pos) return false;
  let end = open;
  while (end < posMax && (src[end] === " " || src[end] === "\n")) end++;
  const close = runEnd(end);
  if (end === open || close - end !== open - pos) return false;
  if (!silent) {
    const token = state.push("code_inline", "code", 0);
    token.markup = src.slice(pos, open);
    token.content = src.slice(open, end).replace(/\n/g, " ");
  }
  state.pos = close;
  return true;
});

// The limits hold while reading, before memory goes to tokens: a rule that never
// matches, first in each ruler, counts tokens as they are made. Opening and leaf
// block tokens, inline leaves and runs of text tokens become nodes; all tokens cost
// memory, text split at punctuation included, so they have their own, larger limit. Every block start and every inline token start passes
// through the rule; each token is counted once.
interface Budget {
  nodes: number;
  tokens: number;
  blockSeen: number;
  inline: { tokens: Token[] } | null;
  inlineSeen: number;
}
const budgetOf = (env: unknown) => (env as { budget: Budget }).budget;
const TEXT = new Set(["text", "text_special", "softbreak"]);

/** Whether a token starts a node: a run of text tokens is one text node. */
function isNode(tokens: Token[], i: number, block: boolean): boolean {
  const t = tokens[i]!;
  if (block) return t.nesting === 1 || (t.nesting === 0 && t.type !== "inline");
  return t.nesting === 0 && !(TEXT.has(t.type) && i > 0 && TEXT.has(tokens[i - 1]!.type));
}

function count(budget: Budget, tokens: Token[], from: number, block: boolean): number {
  for (let i = from; i < tokens.length; i++) {
    budget.tokens++;
    if (isNode(tokens, i, block)) budget.nodes++;
  }
  if (budget.nodes > LIMITS.nodes) throw tooManyNodes("markdown");
  if (budget.tokens > LIMITS.markdownTokens) throw tooManyTokens();
  return tokens.length;
}

md.block.ruler.before("table", "folio_budget", (state) => {
  const budget = budgetOf(state.env);
  budget.blockSeen = count(budget, state.tokens, budget.blockSeen, true);
  return false;
});
md.inline.ruler.before("text", "folio_budget", (state) => {
  const budget = budgetOf(state.env);
  if (budget.inline !== state) {
    // The previous block's last token was pushed after the last call for it.
    if (budget.inline) count(budget, budget.inline.tokens, budget.inlineSeen, false);
    [budget.inline, budget.inlineSeen] = [state, 0];
  }
  budget.inlineSeen = count(budget, state.tokens, budget.inlineSeen, false);
  return false;
});

function tooManyTokens(): ContentError {
  const limit = LIMITS.markdownTokens.toLocaleString("en-US");
  return new ContentError(
    "markdown",
    `the Markdown has more than ${limit} elements and text runs (the limit)`,
  );
}

/** markdown-it's token stream for `markdown`; the instance holds no per-call state. */
export function readMarkdown(markdown: string): Token[] {
  const budget: Budget = { nodes: 1, tokens: 0, blockSeen: 0, inline: null, inlineSeen: 0 };
  return md.parse(markdown, { budget });
}

export type { Token };
