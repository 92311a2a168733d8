// Field rules of the import format: each returns the clean value or throws FieldError.
// Lengths count Unicode code points, as the contract says.

export class FieldError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

export type Fields = Record<string, unknown>;

// Control characters have no business in ids, slugs or names: they are how logs get forged.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const NOT_IN_SLUG = /[\s/?#%\\\u0000-\u001f\u007f]/u;
const WALLET = /^0x[0-9a-fA-F]{40}$/;
const MAX_MS = 253402300799999; // 9999-12-31T23:59:59.999Z
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function codePoints(text: string): number {
  let n = 0;
  // A surrogate pair is one code point; a lone surrogate still counts as one.
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
  }
  return n;
}

export function text(o: Fields, field: string, max: number, min = 1): string {
  const value = o[field];
  if (typeof value !== "string") throw new FieldError(field, "must be a string");
  const length = codePoints(value);
  if (length < min || length > max) {
    throw new FieldError(field, `must be ${min} to ${max} characters (got ${length})`);
  }
  return value;
}

export function optionalText(o: Fields, field: string, max: number): string | undefined {
  return o[field] === undefined || o[field] === null ? undefined : text(o, field, max, 0);
}

export function identifier(o: Fields, field: string): string {
  const value = text(o, field, 256);
  if (CONTROL.test(value)) throw new FieldError(field, "must not contain control characters");
  return value;
}

export function slug(o: Fields, field: string): string {
  const value = text(o, field, 256);
  if (NOT_IN_SLUG.test(value) || value === "." || value === "..") {
    throw new FieldError(field, "must be URL-friendly (no spaces, /, ?, #, %, \\ or controls)");
  }
  return value;
}

export function optionalUrl(o: Fields, field: string): string | undefined {
  const value = optionalText(o, field, 2048);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FieldError(field, "must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FieldError(field, "must be an absolute http(s) URL");
  }
  return value;
}

export function optionalWallet(o: Fields, field: string): string | undefined {
  const value = optionalText(o, field, 42);
  if (value !== undefined && !WALLET.test(value)) {
    throw new FieldError(field, "must be 0x followed by 40 hexadecimal digits");
  }
  return value;
}

export function nonNegativeInteger(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new FieldError(field, "must be a non-negative integer");
  }
  return value;
}

/** Milliseconds as a number or a decimal string, or an ISO 8601 date-time. */
export function optionalTimestamp(o: Fields, field: string): number | undefined {
  const value = o[field];
  if (value === undefined || value === null) return undefined;
  let ms: number;
  if (typeof value === "number") ms = value;
  else if (typeof value === "string" && /^\d{1,15}$/.test(value)) ms = Number(value);
  else if (typeof value === "string" && ISO_8601.test(value)) ms = Date.parse(value);
  else throw new FieldError(field, "must be epoch milliseconds or an ISO 8601 date-time");
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_MS) {
    throw new FieldError(field, "must be a valid time between 1970 and 9999");
  }
  return ms;
}

export function stringList(o: Fields, field: string, maxItems: number, maxLength: number) {
  const value = o[field] ?? [];
  if (!Array.isArray(value)) throw new FieldError(field, "must be an array of strings");
  if (value.length > maxItems) throw new FieldError(field, `must have at most ${maxItems} items`);
  const seen = new Set<string>();
  value.forEach((item, i) => {
    const name = `${field}[${i}]`;
    const clean = text({ [name]: item }, name, maxLength);
    if (CONTROL.test(clean)) throw new FieldError(name, "must not contain control characters");
    if (seen.has(clean)) throw new FieldError(name, `repeats ${JSON.stringify(clean)}`);
    seen.add(clean);
  });
  return value as string[];
}

export function oneOf<T extends string>(
  o: Fields,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = o[field] ?? fallback;
  if (!allowed.includes(value as T))
    throw new FieldError(field, `must be one of ${allowed.join(", ")}`);
  return value as T;
}
