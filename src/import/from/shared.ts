// What every converter (--from) shares: how a source's names, URLs and times become the
// import format's, and how its records become numbered items with the place they came from.
import { createReadStream } from "node:fs";
import { decodeHTML } from "entities";
import { boundedBytes } from "../lines.js";
import { SourceError, type SourceItem } from "../source.js";

export interface ConvertOptions {
  /** A publication already in the store that the posts go to; its record is left as it is. */
  into?: { id: string };
  /** Else the slug of the publication the import writes (its id is `pub-<slug>`); else from the source. */
  publication?: string;
  /** Ceiling on the bytes read, after decompression (ImportLimitError past it). */
  maxBytes: number;
}

export type Converter = (path: string, options: ConvertOptions) => AsyncIterable<SourceItem>;

/** Numbers the items of one conversion in the order they are made. */
export function numbering() {
  let number = 0;
  return {
    record: (place: string, value: object): SourceItem => ({ number: ++number, place, value }),
    skip: (kind: string): SourceItem => ({ number, skipped: kind }),
  };
}

/** A slug of letters, digits and dashes from a title or file name ("" if none is left). */
export function slugify(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200);
}

/** The publication the posts go to, and the record that writes it (none for a stored one). */
export function publicationTarget(
  options: ConvertOptions,
  derivedSlug: string,
  name: string,
): { id: string; record?: object } {
  if (options.into !== undefined) return { id: options.into.id };
  const slug = options.publication ?? (slugify(derivedSlug) || "blog");
  const id = `pub-${slug}`;
  return { id, record: { type: "publication", id, slug, name: name.trim() || slug } };
}

/** The URL if it is absolute http(s); a relative one cannot be resolved from an export. */
export function absoluteUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return undefined;
  return URL.canParse(value) ? value : undefined;
}

/** At most `max` code points, cut at a word where one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  const points = [...text.trim()];
  if (points.length <= max) return points.join("");
  const cut = points.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A time as the import format takes it: Dates and loose date strings become ISO 8601. */
export function timestamp(value: unknown): unknown {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (typeof value !== "string") return value;
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) return value.trim();
  const parsed = Date.parse(value);
  // Unparseable text goes through as it is, for validation to name it.
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString();
}

/**
 * A time stored in UTC as a database gives it back: Ghost and WordPress keep UTC, and SQLite
 * (or a WordPress `*_gmt` column) writes it with no zone ("2024-01-02 03:04:05"), which
 * `Date.parse` would read as the importing machine's local time. Such a string is read as
 * UTC; a time with a zone, epoch milliseconds and ISO strings pass unchanged; WordPress's
 * all-zero "not yet" and an empty value are no time at all.
 */
export function utcTime(value: unknown): unknown {
  if (value instanceof Date) return timestamp(value);
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "" || text.startsWith("0000-00-00")) return undefined;
  const zoneless = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)$/.exec(text);
  return zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : text;
}

/** Markup as the plain text it shows: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return decodeHTML(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** A file's bytes, whole, within the byte ceiling (gzip recognised). */
export async function readWhole(path: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of boundedBytes(createReadStream(path), maxBytes)) chunks.push(chunk);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined) throw new SourceError(`${path}: cannot read (${code})`);
    throw error;
  }
  return Buffer.concat(chunks).toString("utf8");
}
