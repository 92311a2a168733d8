// The only CSS that reaches readers: the editor's table layout. Cell alignment
// (`text-align` from `align`) and column widths (`width`/`min-width` in pixels from
// `colwidth`, on the table and its <col>s) are rebuilt from validated pieces;
// every other declaration, and any value that is not exactly a keyword or a pixel
// length (no escapes, comments, functions or `!important`), is dropped.
type Attributes = Record<string, string>;

const ALIGN = /^(left|right|center)$/;
const PIXELS = /^\d{1,7}px$/;

const ALLOWED: Record<string, Record<string, RegExp>> = {
  th: { "text-align": ALIGN },
  td: { "text-align": ALIGN },
  table: { width: PIXELS, "min-width": PIXELS },
  col: { width: PIXELS, "min-width": PIXELS },
};

/** `prop: value` pairs the tag may carry, in the editor's own spelling, or undefined. */
function cleanStyle(tag: string, style: string | undefined): string | undefined {
  const allowed = ALLOWED[tag];
  if (!allowed || style === undefined) return undefined;
  const kept = new Map<string, string>();
  for (const declaration of style.split(";")) {
    const match = /^\s*([a-z-]+)\s*:\s*([^\s;]+)\s*$/i.exec(declaration);
    if (!match) continue;
    const prop = match[1]!.toLowerCase();
    const value = match[2]!.toLowerCase();
    if (allowed[prop]?.test(value) && !kept.has(prop)) kept.set(prop, value);
  }
  return kept.size === 0 ? undefined : [...kept].map(([p, v]) => `${p}: ${v}`).join("; ");
}

/** `colwidth` on cells: the editor's comma-separated pixel widths, one per spanned column. */
function cleanColwidth(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{1,6}(?:,\d{1,6}){0,999}$/.test(value) ? value : undefined;
}

/** A tag's attributes with only the cleaned style (and colwidth), each in its place. */
export function withCleanStyle(tag: string): (attribs: Attributes) => Attributes {
  const isCell = tag === "th" || tag === "td";
  return (attribs) => {
    const out: Attributes = {};
    for (const [name, value] of Object.entries(attribs)) {
      const clean =
        name === "style"
          ? cleanStyle(tag, value)
          : name === "colwidth"
            ? isCell
              ? cleanColwidth(value)
              : undefined
            : value;
      if (clean !== undefined) out[name] = clean;
    }
    return out;
  };
}
