// Attribute allow-list: an attribute is stored only if it has a check here.
// Everything else (rel, target, class, style, on*, editor-private attributes) is dropped.
import { ContentError, type Path } from "./errors.js";
import { isSafeLink, isSafeMedia } from "./url.js";

// A lone surrogate becomes one U+FFFD, as the editor's (and any UTF-8 encoder's) output
// has it; left alone, a stored lone surrogate could later decode as three. Nearly all text is
// well formed already, and asking costs less than a scan that replaces.
export const wellFormed = (text: string) => (text.isWellFormed() ? text : text.toWellFormed());

/** Returned by a check when the whole node or mark must go (e.g. an image without a safe src). */
export const DROP = Symbol("drop");
type Check = (value: unknown, path: Path, name: string) => unknown;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const oneOf =
  (...allowed: string[]) =>
  (value: unknown) =>
    typeof value === "string" && allowed.includes(value) ? value : undefined;
const int = (min: number, max: number) => (value: unknown) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? value
    : undefined;
const url = (safe: (u: string) => boolean) => (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && safe(value) ? value : DROP;
const pattern = (re: RegExp) => (value: unknown) =>
  typeof value === "string" && re.test(value) ? value : undefined;

function strictInt(min: number, max: number, what: string): Check {
  return (value, path, name) => {
    if (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) {
      return value;
    }
    throw new ContentError(`${String(path)}.attrs.${name}`, `must be ${what}`);
  };
}

const colwidth = (value: unknown) =>
  Array.isArray(value) && value.every((w) => Number.isInteger(w) && w > 0 && w < 100000)
    ? value
    : undefined;

const cell: Record<string, Check> = {
  colspan: int(1, 1000),
  rowspan: int(1, 1000),
  colwidth,
  align: oneOf("left", "right", "center"),
};

const CHECKS: Record<string, Record<string, Check>> = {
  heading: { level: strictInt(1, 6, "an integer from 1 to 6") },
  orderedList: {
    start: strictInt(0, 999_999_999, "an integer from 0 to 999999999"),
    type: oneOf("1", "a", "A", "i", "I"),
  },
  // A language lands in a class attribute and a fence info string: keep it to a token.
  codeBlock: { language: pattern(/^[A-Za-z0-9_+#.-]{1,40}$/) },
  image: {
    src: url(isSafeMedia),
    alt: text,
    title: text,
    width: int(1, 100000),
    height: int(1, 100000),
  },
  tableCell: cell,
  tableHeader: cell,
  taskItem: { checked: (value) => (typeof value === "boolean" ? value : undefined) },
  // A provider is a name as the editor stores it ("Apple Music", "Google Maps"): it only
  // lands in an attribute value, which the serializer quotes; control characters never do.
  embed: { url: url(isSafeMedia), provider: pattern(/^[^\p{Cc}]{1,64}$/u), title: text },
  link: { href: url(isSafeLink), title: text },
};

/** Attributes that must be present (and safe) for the node or mark to be kept. */
const REQUIRED: Record<string, string> = { image: "src", embed: "url", link: "href" };

const CHECK_LISTS = new Map(
  Object.entries(CHECKS).map(([type, checks]) => [type, Object.entries(checks)]),
);

/**
 * Clean the attributes of a known node or mark; DROP means drop the node or mark. Null when
 * none is kept: ProseMirror then hands out its type's shared defaults (and a mark without
 * attributes its one instance) instead of building the same empty set for every node.
 */
export function cleanAttrs(
  type: string,
  raw: Record<string, unknown> | undefined,
  path: Path,
): Record<string, unknown> | null | typeof DROP {
  const checks = CHECK_LISTS.get(type);
  if (checks === undefined) return null;
  let attrs: Record<string, unknown> | null = null;
  if (raw) {
    for (const [name, check] of checks) {
      const value = raw[name];
      if (value === undefined || value === null) continue;
      const clean = check(value, path, name);
      if (clean === DROP) return DROP;
      if (clean === undefined) continue;
      attrs ??= {};
      attrs[name] = typeof clean === "string" ? wellFormed(clean) : clean;
    }
  }
  const required = REQUIRED[type];
  return required && attrs?.[required] === undefined ? DROP : attrs;
}
