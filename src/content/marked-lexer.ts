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

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
// marked's own blockSkip, minus the code span branch (code spans are masked first).
const LINK_OR_TAG =
  /\[(?:[^[\]`]|(?<a>`+)[^`]+\k<a>(?!`))*?\]\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<(?! )[^<>]*?>/g;

/** Same length as `src`: escapes become `++`, code spans `+aaa+`, links and tags `[aaa]`. */
export function delimiterMask(src: string): string {
  let out = "";
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\" && ASCII_PUNCT.test(src[i + 1] ?? "")) {
      out += "++";
      i += 2;
    } else if (c === "`") {
      const open = /^`+/.exec(src.slice(i))![0];
      const after = i + open.length;
      const closer = new RegExp(`(?<!\`)${open}(?!\`)`, "g");
      closer.lastIndex = after;
      const close = closer.exec(src);
      if (close) {
        // Edges stay punctuation, as the backticks are, for the flanking rules.
        out += `+${"a".repeat(close.index + open.length - i - 2)}+`;
        i = close.index + open.length;
      } else {
        out += open;
        i = after;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(LINK_OR_TAG, (m) => `[${"a".repeat(m.length - 2)}]`);
}

class FolioTokenizer extends Tokenizer {
  // Later calls get shorter tails of the same inline source, always at a token
  // boundary, so the mask of the first tail serves them all (linear, not quadratic).
  private source = "";
  private mask = "";

  private maskOf(src: string): string {
    if (!this.source.endsWith(src)) {
      this.source = src;
      this.mask = delimiterMask(src);
    }
    return this.mask.slice(this.mask.length - src.length);
  }

  override emStrong(src: string, _masked: string, prevChar = "") {
    return super.emStrong(src, this.maskOf(src), prevChar);
  }

  override del(src: string, _masked: string, prevChar = "") {
    return super.del(src, this.maskOf(src), prevChar);
  }
}

/** CommonMark + GFM lexing with fresh default options: global marked state is never used. */
export function lexMarkdown(markdown: string): Token[] {
  const options = { ...getDefaults(), gfm: true, breaks: false, pedantic: false };
  return new Lexer({ ...options, tokenizer: new FolioTokenizer() }).lex(markdown);
}
