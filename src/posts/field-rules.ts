// The field rules publications, authors and posts share: the patterns (with the reasons the
// errors give for them), identifiers, slugs and URLs. Re-exported by fields.ts; kept apart so
// publication and post fields can both build on them without importing each other.
//
// Compile them with TypeBox (`Compile`, or `TypeBoxValidatorCompiler` in Fastify): the URL
// rule carries a refinement that a plain JSON Schema validator (Ajv) skips.
import { Type } from "typebox";

/** C0 controls and DEL: no business in ids, slugs or names; they are how logs get forged. */
export const NO_CONTROLS = String.raw`^[^\u0000-\u001f\u007f]*$`;
/** Anything but whitespace, `/ ? # % \` and controls, and not `.` or `..` (path segments). */
export const URL_FRIENDLY = String.raw`^(?!\.\.?$)[^\s/?#%\\\u0000-\u001f\u007f]*$`;
export const WALLET = "^0x[0-9a-fA-F]{40}$";
const HTTP_SCHEME = "^[Hh][Tt][Tt][Pp][Ss]?://";

/** What a value failing each pattern above must be, for error messages. */
export const PATTERN_REASONS: Readonly<Record<string, string>> = {
  [NO_CONTROLS]: "must not contain control characters",
  [URL_FRIENDLY]: "must be URL-friendly (no spaces, /, ?, #, %, \\ or controls)",
  [WALLET]: "must be 0x followed by 40 hexadecimal digits",
  [HTTP_SCHEME]: "must be an absolute http(s) URL",
};

/** An id of a post, publication, author or coin: 1–256 code points, no controls. */
export const IdentifierSchema = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: NO_CONTROLS,
  description: "1 to 256 characters, no control characters; matched exactly",
});

/** A publication's or post's slug: 1–256 URL-friendly code points. */
export const SlugSchema = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: URL_FRIENDLY,
  description: "1 to 256 characters; no whitespace, /, ?, #, %, \\ or controls; not . or ..",
});

/** An absolute http(s) URL of at most 2,048 code points, as a WHATWG URL parser reads it. */
export const HttpUrlSchema = Type.Refine(
  Type.String({ maxLength: 2048, pattern: HTTP_SCHEME, description: "an absolute http(s) URL" }),
  (value) => URL.canParse(value),
  () => "must be an absolute http(s) URL",
);
