// GFM autolink literals (GFM spec 6.9, "Autolinks (extension)") for markdown-it, whose
// own linkify follows other rules (it links `example.com`, and runs after escapes are
// gone). This runs on text tokens before they are joined with escapes and entities,
// so `www\.example.org` stays text, and it needs a boundary before a link:
// "www." only at the start, after whitespace or one of `*`, `_`, `~`, `(`;
// "http(s)://" not after a letter (cmark-gfm and micromark rewind over letters only).
// Each character is looked at a bounded number of times: linear in the text.
import type MarkdownIt from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import type Token from "markdown-it/lib/token.mjs";

const WWW_BEFORE = /^$|[\s*_~(]/;
const DOMAIN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*/;
const CANDIDATE = /(?:www\.|https?:\/\/)|@/gi;
const LOCAL = /^[A-Za-z0-9.+_-]$/;
// "Trailing punctuation (specifically, ?, !, ., ,, :, *, _, and ~) will not be
// considered part of the autolink" (GFM spec 6.9).
const TRAILING = /^[?!.,:*_~]$/;

/** "No underscores may be present in the last two segments of the domain." */
function validDomain(domain: string, needsDot: boolean): boolean {
  const parts = domain.split(".");
  if (needsDot && parts.length < 2) return false;
  return !parts.slice(-2).some((p) => p.includes("_")) && parts.every((p) => p !== "");
}

const count = (text: string, c: string) => text.split(c).length - 1;

/** Trailing punctuation, unbalanced `)` and an entity-like `&x;` end are not the link's. */
function trim(link: string): string {
  const open = count(link, "(");
  let close = count(link, ")");
  let end = link.length;
  for (;;) {
    const c = link[end - 1] ?? "";
    if (TRAILING.test(c)) end--;
    else if (c === ")" && close > open) {
      end--;
      close--;
    } else if (c === ";") {
      const amp = link.lastIndexOf("&", end - 1);
      if (amp < 0 || !/^&[A-Za-z0-9]+;$/.test(link.slice(amp, end))) break;
      end = amp;
    } else break;
  }
  return link.slice(0, end);
}

interface Found {
  start: number;
  end: number;
  href: string;
}

/** The web link starting at `start` (which holds `www.` or a scheme), if it is one. */
function webLink(text: string, start: number, www: boolean): Found | null {
  const hostAt = www ? start : text.indexOf("//", start) + 2;
  const domain = DOMAIN.exec(text.slice(hostAt, hostAt + 256))?.[0] ?? "";
  if (!validDomain(domain.replace(/\.$/, ""), www)) return null;
  const rest = /^[^\s<]*/.exec(text.slice(hostAt + domain.length))![0];
  const link = trim(text.slice(start, hostAt + domain.length + rest.length));
  if (link.length <= hostAt - start) return null;
  return { start, end: start + link.length, href: www ? `http://${link}` : link };
}

/** The e-mail address around the `@` at `at`, if there is one. */
function emailLink(text: string, at: number, from: number): Found | null {
  let start = at;
  while (start > from && LOCAL.test(text[start - 1]!)) start--;
  if (start === at || text[start - 1] === "/") return null;
  let domain = DOMAIN.exec(text.slice(at + 1, at + 257))?.[0] ?? "";
  domain = domain.replace(/\.$/, "");
  if (!domain.includes(".") || /[-_]$/.test(domain)) return null;
  const end = at + 1 + domain.length;
  return { start, end, href: `mailto:${text.slice(start, end)}` };
}

function find(text: string, before: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
    if (m.index < from) continue;
    const prev = m.index === 0 ? before : text[m.index - 1]!;
    let link: Found | null = null;
    if (m[0] === "@") link = emailLink(text, m.index, from);
    else if (m[0].toLowerCase() === "www.")
      link = WWW_BEFORE.test(prev) ? webLink(text, m.index, true) : null;
    else link = /[A-Za-z]/.test(prev) ? null : webLink(text, m.index, false);
    if (link) {
      found.push(link);
      from = link.end;
      CANDIDATE.lastIndex = link.end;
    }
  }
  return found;
}

function split(state: StateCore, token: Token, before: string): Token[] {
  const found = find(token.content, before);
  if (found.length === 0) return [token];
  const out: Token[] = [];
  const text = (content: string) => {
    if (content === "") return;
    const t = new state.Token("text", "", 0);
    t.content = content;
    out.push(t);
  };
  let at = 0;
  for (const link of found) {
    text(token.content.slice(at, link.start));
    const open = new state.Token("link_open", "a", 1);
    open.attrs = [["href", link.href]];
    open.markup = "linkify";
    out.push(open);
    text(token.content.slice(link.start, link.end));
    out.push(new state.Token("link_close", "a", -1));
    at = link.end;
  }
  text(token.content.slice(at));
  return out;
}

/** The source character just before the next token, as far as the boundary rules care. */
function lastOf(token: Token): string {
  if (token.type === "text") return token.content.slice(-1);
  if (token.type === "softbreak" || token.type === "hardbreak") return "\n";
  return (token.markup || ")").slice(-1);
}

export function gfmAutolink(md: MarkdownIt): void {
  md.core.ruler.before("text_join", "gfm_autolink", (state: StateCore) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      let inLink = 0;
      let before = "";
      const out: Token[] = [];
      for (const token of block.children) {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        out.push(
          ...(token.type === "text" && inLink === 0 ? split(state, token, before) : [token]),
        );
        before = lastOf(token);
      }
      block.children = out;
    }
  });
}
