// Emphasis delimiters that read back as written. CommonMark decides whether a
// `*`, `_` or `~~` run opens or closes from the characters either side of it
// (the left/right-flanking rules), so `**"a"**b` is not bold when read back.
// Where a boundary would be misread, the plain letter just outside the run is
// written as a character reference (`**"a"**&#98;`): it reads back as the same
// letter but counts as punctuation, and then every run at the boundary flanks
// as intended (content never starts or ends with whitespace inside marks).

export interface Delim {
  text: string;
  /** The delimiter character that flanking applies to; null for link brackets. */
  char: "*" | "_" | "~" | null;
  opens: boolean;
}

type Kind = "space" | "punct" | "other";

function classify(c: string): Kind {
  if (c === "" || /\s/u.test(c)) return "space";
  return /[\p{P}\p{S}]/u.test(c) ? "punct" : "other";
}
// Unicode property tests are slow; nearly every neighbour is ASCII.
const ASCII = Array.from({ length: 128 }, (_, i) => classify(String.fromCharCode(i)));

function kind(c: string): Kind {
  return (c.length === 1 ? ASCII[c.charCodeAt(0)] : undefined) ?? classify(c);
}

/**
 * CommonMark counts symbols (emoji) as punctuation, but some readers (micromark,
 * marked before an opener) judge an astral neighbour by one UTF-16 unit and take it
 * for a letter: a run next to one must read as intended both ways.
 */
function reads(d: Delim, prev: string, next: string): boolean {
  const astral = prev.length === 2 || next.length === 2;
  return readsAs(d, kind(prev), kind(next)) && (!astral || readsAs(d, unit(prev), unit(next)));
}

const unit = (c: string): Kind => (c.length === 2 ? "other" : kind(c));

function readsAs(d: Delim, p: Kind, n: Kind): boolean {
  const left = n !== "space" && (n !== "punct" || p !== "other");
  const right = p !== "space" && (p !== "punct" || n !== "other");
  if (d.char === "_")
    return d.opens ? left && (!right || p === "punct") : right && (!left || n === "punct");
  return d.opens ? left : right;
}

export function firstChar(s: string): string {
  const cp = s.codePointAt(0);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}

export function lastChar(s: string): string {
  return /(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S])$/.exec(s.slice(-2))?.[0] ?? "";
}

function nextChar(parts: (Delim | string)[], i: number, after: string): string {
  for (let j = i + 1; j < parts.length; j++) {
    const part = parts[j]!;
    const text = typeof part === "string" ? part : part.text;
    if (text !== "") return firstChar(text);
  }
  return after;
}

/** Whether every delimiter in `parts` (between `before` and `after`) flanks as intended. */
function boundaryReads(parts: (Delim | string)[], before: string, after: string): boolean {
  let prev = before;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === "string") {
      if (part !== "") prev = lastChar(part);
      continue;
    }
    if (part.char !== null && !reads(part, prev, nextChar(parts, i, after))) return false;
    prev = lastChar(part.text);
  }
  return true;
}

const reference = (c: string) => `&#${c.codePointAt(0)};`;

/**
 * Which neighbours of a boundary must be written as references: `before` is the
 * last character written so far, `after` the first one of the next content.
 */
export function escapeNeighbours(
  parts: (Delim | string)[],
  before: string,
  after: string,
): { before: boolean; after: boolean } {
  const none = { before: false, after: false };
  if (!parts.some((p) => typeof p !== "string" && p.char !== null)) return none;
  if (boundaryReads(parts, before, after)) return none;
  const b = kind(before) === "other" || before.length === 2;
  const a = kind(after) === "other" || after.length === 2;
  if (b && boundaryReads(parts, reference(before), after)) return { before: true, after: false };
  if (a && boundaryReads(parts, before, reference(after))) return { before: false, after: true };
  return { before: b, after: a };
}

export { reference };
