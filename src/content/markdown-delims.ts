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

/** A character's class as marked reads it: for `*` runs it takes `~` as a letter. */
function kind(c: string, delim: Delim["char"]): Kind {
  if (c === "" || /\s/u.test(c)) return "space";
  if (c === "~" && delim === "*") return "other";
  return /[\p{P}\p{S}]/u.test(c) ? "punct" : "other";
}

function reads(d: Delim, prev: string, next: string): boolean {
  const p = kind(prev, d.char);
  const n = kind(next, d.char);
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

/** Whether every delimiter in `parts` (between `before` and `after`) flanks as intended. */
function boundaryReads(parts: (Delim | string)[], before: string, after: string): boolean {
  let prev = before;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === "string") {
      if (part !== "") prev = lastChar(part);
      continue;
    }
    const rest = parts.slice(i + 1).map((p) => (typeof p === "string" ? p : p.text));
    const next = firstChar(rest.join("") + after);
    if (part.char !== null && !reads(part, prev, next)) return false;
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
  const b = kind(before, null) === "other";
  const a = kind(after, null) === "other";
  if (b && boundaryReads(parts, reference(before), after)) return { before: true, after: false };
  if (a && boundaryReads(parts, before, reference(after))) return { before: false, after: true };
  return { before: b, after: a };
}

export { reference };
