// The link mark's href check at render decides exactly as TipTap's own default does: the
// oracle is the library's exported isAllowedUri, over chosen hrefs and generated ones.
import { test } from "node:test";
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { isAllowedUri } from "@tiptap/extension-link";
import { allowedLinkUri } from "../../src/content/schema.js";

const ctx = {
  defaultValidate: (url: string) => !!isAllowedUri(url),
  protocols: [],
  defaultProtocol: "http",
};
const library = (url: string) => !!isAllowedUri(url);

const CHOSEN = [
  "https://example.com/a?b=c#d",
  "http://example.com",
  "HTTPS://EXAMPLE.COM",
  "hTtP:relative",
  "https:",
  "http",
  "https//missing-colon",
  " https://leading-space.example",
  "\u00a0http://nbsp.example",
  "ht\ttp://tab-inside.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "mailto:a@example.com",
  "tel:+123",
  "/relative/path",
  "#fragment",
  "?query",
  "",
  "httpx://not-web.example",
  "https\u200b://zero-width.example",
];

test("an href is allowed at render exactly when TipTap's default allows it", () => {
  for (const url of CHOSEN) assert.equal(allowedLinkUri(url, ctx), library(url), url);
  const scheme = fc.constantFrom("http", "https", "HTTP", "javascript", "data", "mailto", "");
  const href = fc.tuple(
    fc.string({ maxLength: 3, unit: fc.constantFrom(" ", "\t", "\u00a0", "\u2028", "a") }),
    scheme,
    fc.constantFrom(":", "://", "", ":/"),
    fc.string({ maxLength: 20 }),
  );
  fc.assert(
    fc.property(href, (parts) => {
      const url = parts.join("");
      assert.equal(allowedLinkUri(url, ctx), library(url), JSON.stringify(url));
    }),
    { numRuns: 5000 },
  );
});
