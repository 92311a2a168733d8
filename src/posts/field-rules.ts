// The field rules publications, authors and posts share: the patterns (with the reasons the
// errors give for them), identifiers, slugs and URLs. Re-exported by fields.ts; kept apart so
// publication and post fields can both build on them without importing each other.
//
// Compile them with TypeBox (`Compile`, or `TypeBoxValidatorCompiler` in Fastify): the URL
// rule carries a refinement that a plain JSON Schema validator (Ajv) skips.
import { Type } from "./typebox.js";

/** C0 controls and DEL: no business in ids, slugs or names; they are how logs get forged. */
export const NO_CONTROLS = String.raw`^[^\u0000-\u001f\u007f]*$`;
/**
 * Controls, and lone surrogates: in a key matched exactly (an id, a slug), a lone surrogate
 * cannot be stored as UTF-8, so `\ud800` and `\udc00` would become one key. Patterns are
 * compiled with the `u` flag, where a surrogate range matches only a lone half.
 */
const KEY_TEXT = String.raw`^[^\u0000-\u001f\u007f\ud800-\udfff]*$`;
/**
 * Anything but whitespace, `/ ? # % \`, controls and lone surrogates, and not `.` or `..`
 * (path segments).
 */
export const URL_FRIENDLY = String.raw`^(?!\.\.?$)[^\s/?#%\\\u0000-\u001f\u007f\ud800-\udfff]*$`;
export const WALLET = "^0x[0-9a-fA-F]{40}$";
const HTTP_SCHEME = "^[Hh][Tt][Tt][Pp][Ss]?://";

/** What a value failing each pattern above must be, for error messages. */
export const PATTERN_REASONS: Readonly<Record<string, string>> = {
  [NO_CONTROLS]: "must not contain control characters",
  [KEY_TEXT]: "must not contain control characters or lone surrogates",
  [URL_FRIENDLY]: "must be URL-friendly (no spaces, /, ?, #, %, \\, controls or lone surrogates)",
  [WALLET]: "must be 0x followed by 40 hexadecimal digits",
  [HTTP_SCHEME]: "must be an absolute http(s) URL",
};

/** The most code points an id or a slug may have: the paths that name them say so too. */
export const KEY_MAX_LENGTH = 256;

/** An id of a post, publication, author or coin: 1–256 code points, no controls. */
export const IdentifierSchema = Type.String({
  minLength: 1,
  maxLength: KEY_MAX_LENGTH,
  pattern: KEY_TEXT,
  description: "1 to 256 characters, no control characters or lone surrogates; matched exactly",
});

/** A publication's or post's slug: 1–256 URL-friendly code points. */
export const SlugSchema = Type.String({
  minLength: 1,
  maxLength: KEY_MAX_LENGTH,
  pattern: URL_FRIENDLY,
  description:
    "1 to 256 characters; no whitespace, /, ?, #, %, \\, controls or lone surrogates; not . or ..",
});

/** An absolute http(s) URL of at most 2,048 code points, as a WHATWG URL parser reads it. */
export const HttpUrlSchema = Type.Refine(
  Type.String({ maxLength: 2048, pattern: HTTP_SCHEME, description: "an absolute http(s) URL" }),
  (value) => URL.canParse(value),
  () => "must be an absolute http(s) URL",
);
