// Our own marked lexer. marked finds emphasis and strikethrough closers in a
// "masked" copy of the inline source, where escapes and code spans are blanked
// out so their characters cannot act as delimiters. Its mask diverges from
// CommonMark in two ways that break Markdown → JSON → Markdown:
// - it blanks `\` + any Unicode symbol as two characters, so `\😀` (three UTF-16
//   units) shifts every later position by one;
// - it blanks escapes before finding code spans, so in `` `a\`*b*`c` `` the code
//   span is misread as `` `a\`*b*` `` and the emphasis inside is hidden.
// The fix is local: emStrong and del get a mask built from their own source.
import { getDefaults, Lexer, Tokenizer, type Token } from "marked";

// An ASCII escape, a code span (marked's own codespan rule, so both agree), or a
// backtick run that opens none (kept whole, so no span starts inside it).
const ESCAPE_OR_CODE = /\\[!-/:-@[-`{-~]|(`+)(?:[^`]|[^`][\s\S]*?[^`])\1(?!`)|`+/g;
// marked's own blockSkip, minus the code span branch (code spans are masked first).
const LINK_OR_TAG =
  /\[(?:[^[\]`]|(?<a>`+)[^`]+\k<a>(?!`))*?\]\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<(?! )[^<>]*?>/g;

/** Same length as `src`: escapes become `++`, code spans `+aaa+`, links and tags `[aaa]`. */
export function delimiterMask(src: string): string {
  return src
    .replace(ESCAPE_OR_CODE, (m, fence?: string) =>
      // Span edges stay punctuation, as the backticks are, for the flanking rules.
      m[0] === "\\" ? "++" : fence ? `+${"a".repeat(m.length - 2)}+` : m,
    )
    .replace(LINK_OR_TAG, (m) => `[${"a".repeat(m.length - 2)}]`);
}

class FolioTokenizer extends Tokenizer {
  // Later calls get shorter tails of the same inline source, always at a token
  // boundary, so the mask of the first tail serves them all (linear, not quadratic).
  private source = "";
  private mask = "";

  private maskOf(src: string): string {
    if (this.source.length < src.length || !this.source.endsWith(src)) {
      this.source = src;
      this.mask = delimiterMask(src);
    }
    return this.mask.slice(this.mask.length - src.length);
  }

  // Both are tried at every token start; only a delimiter there needs the mask.
  override emStrong(src: string, _masked: string, prevChar = "") {
    if (src[0] !== "*" && src[0] !== "_") return undefined;
    return super.emStrong(src, this.maskOf(src), prevChar);
  }

  override del(src: string, _masked: string, prevChar = "") {
    if (src[0] !== "~") return undefined;
    return super.del(src, this.maskOf(src), prevChar);
  }
}

// marked's GFM rules take `~` next to `*` for a letter, so `*"a"*~~b~~` does not
// close; GFM itself counts `~` as punctuation, as these plain CommonMark rules do.
const commonMark = new Tokenizer();
new Lexer({ ...getDefaults(), gfm: false, tokenizer: commonMark }); // installs the plain rules
const { emStrongLDelim, emStrongRDelimAst } = commonMark.rules.inline;

/** CommonMark + GFM lexing with fresh default options: global marked state is never used. */
export function lexMarkdown(markdown: string): Token[] {
  const options = { ...getDefaults(), gfm: true, breaks: false, pedantic: false };
  const tokenizer = new FolioTokenizer();
  const lexer = new Lexer({ ...options, tokenizer });
  // A copy: the rule objects the lexer installed are marked's module-wide state.
  const { inline } = tokenizer.rules;
  tokenizer.rules = {
    ...tokenizer.rules,
    inline: { ...inline, emStrongLDelim, emStrongRDelimAst },
  };
  return lexer.lex(markdown);
}
