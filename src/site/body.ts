// A post's staticHtml as a page shows it: the same sanitized markup, with code blocks
// highlighted on the server (no client script), images that load lazily, and tables that
// scroll inside their own box. Every change is to markup the sanitizer produced, whose text
// is always escaped: `<` in the HTML is a tag, never text.
import { createRequire } from "node:module";
import { decodeHTML } from "entities";
import type { ImageLookup } from "./media.js";

/** The part of highlight.js used here. Its own typings pull the DOM library into every file. */
interface Highlighter {
  getLanguage(name: string): object | undefined;
  highlight(
    code: string,
    options: { language: string; ignoreIllegals: boolean },
  ): { value: string };
}
// The common languages (about 40) rather than all 190: a smaller heap for what posts use.
// Loaded by the first code block a page shows: its languages take a command or a process that
// never shows one (every CLI command, most test files) a fifth of a second to load.
let hljs: Highlighter | undefined;
const highlighter = () =>
  (hljs ??= createRequire(import.meta.url)("highlight.js/lib/common") as Highlighter);

const CODE_BLOCK = /<pre><code(?: class="language-([^"]*)")?>([^<]*)<\/code><\/pre>/g;

/**
 * A code block's markup in a language highlight.js knows, from its text as the sanitizer
 * escaped it: highlight.js escapes what it is given and wraps tokens in `hljs-*` spans.
 */
export type Highlight = (language: string, escaped: string) => string;

export const highlightJs: Highlight = (language, escaped) =>
  highlighter().highlight(decodeHTML(escaped), { language, ignoreIllegals: true }).value;

/** `highlight`: how a code block in a known language is highlighted (highlights.ts keeps them). */
export function pageBody(
  staticHtml: string,
  lookup: ImageLookup = () => undefined,
  highlight: Highlight = highlightJs,
): string {
  return (
    staticHtml
      .replace(CODE_BLOCK, (_block, language: string | undefined, code: string) =>
        codeBlock(language, code, highlight),
      )
      // HTML writes void elements without a closing slash (the editor writes `<input />`).
      .replace(/<(br|hr|img|input|col)\b([^>]*?)\s*\/>/g, "<$1$2>")
      .replace(/<img ([^>]*)>/g, (_img, attributes: string) => image(attributes, lookup))
      // A task's box has no text of its own to be named by: a screen reader needs one.
      .replace(/<input type="checkbox"/g, '<input type="checkbox" aria-label="Task"')
      .replace(
        /<table/g,
        '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table',
      )
      .replace(/<\/table>/g, "</table></div>")
  );
}

/** Lazy, and with every width and the size of an uploaded image (an author's size kept). */
function image(attributes: string, lookup: ImageLookup): string {
  const src = / src="([^"]*)"/.exec(` ${attributes}`)?.[1];
  const found = src === undefined ? undefined : lookup(src);
  let extra = "";
  if (found !== undefined) {
    extra = ` srcset="${found.srcset}" sizes="${found.sizes}"`;
    if (!/\b(width|height)=/.test(attributes))
      extra += ` width="${found.width}" height="${found.height}"`;
  }
  return `<img loading="lazy" decoding="async" ${attributes}${extra}>`;
}

/** A block in a language highlight.js does not know is left as the sanitizer wrote it. */
function codeBlock(language: string | undefined, escaped: string, highlight: Highlight): string {
  const known = language !== undefined && highlighter().getLanguage(language) !== undefined;
  if (!known) {
    const attribute = language === undefined ? "" : ` class="language-${language}"`;
    return `<pre><code${attribute}>${escaped}</code></pre>`;
  }
  return `<pre><code class="hljs language-${language}">${highlight(language, escaped)}</code></pre>`;
}

/** The text of a post's HTML, for excerpts and reading time (reading.ts). */
export function textOf(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters of the text, cut at a word and marked as cut. */
export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
