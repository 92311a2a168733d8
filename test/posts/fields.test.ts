// The shared field rules (posts/fields.ts), checked through the validator that words their
// errors (posts/field-errors.ts): each limit, and the `field: reason` it gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { TSchema } from "typebox";
import { fieldValidator } from "../../src/posts/field-errors.js";
import * as s from "../../src/posts/fields.js";

/** `field: reason` for a refused value, or "ok". */
function verdict(schema: TSchema, value: unknown): string {
  const result = fieldValidator(schema).check(value);
  return result.ok ? "ok" : `${result.problem.field}: ${result.problem.reason}`;
}
const post = { id: "p", publicationId: "pub", slug: "s", title: "T" };

test("lengths count code points: an astral character or a lone surrogate is one", () => {
  assert.equal(verdict(s.TitleSchema, "😀".repeat(200)), "ok");
  assert.equal(verdict(s.TitleSchema, "😀".repeat(201)), ": must be 1 to 200 characters (got 201)");
  assert.equal(verdict(s.TitleSchema, "\ud83d".repeat(200)), "ok");
  assert.equal(
    verdict(s.SubtitleSchema, "é".repeat(301)),
    ": must be at most 300 characters (got 301)",
  );
});

test("a missing required field is required, named by its path", () => {
  assert.equal(
    verdict(s.PostFieldsSchema, { ...post, publicationId: undefined }),
    "publicationId: is required",
  );
  const social = { username: "u" };
  assert.equal(
    verdict(s.AuthorFieldsSchema, { id: "a", publicationId: "p", name: "A", social }),
    "social.fid: is required",
  );
  assert.equal(verdict(s.PostFieldsSchema, { ...post, title: 3 }), "title: must be a string");
});

test("identifiers: 1 to 256 characters without controls", () => {
  assert.equal(verdict(s.IdentifierSchema, "pst_é😀"), "ok");
  assert.equal(
    verdict(s.IdentifierSchema, "a\u001bb"),
    ": must not contain control characters or lone surrogates",
  );
  assert.equal(
    verdict(s.IdentifierSchema, "a\u007f"),
    ": must not contain control characters or lone surrogates",
  );
  assert.match(verdict(s.IdentifierSchema, "x".repeat(257)), /1 to 256 characters \(got 257\)/);
  assert.match(verdict(s.IdentifierSchema, ""), /got 0/);
});

test("slugs are URL-friendly: no spaces, separators, percent signs or controls", () => {
  assert.equal(verdict(s.SlugSchema, "café-ü_1.2~x"), "ok");
  for (const bad of ["a b", "a/b", "a?b", "a#b", "a%20b", "a\\b", "a\nb", "a\tb", "", ".", ".."]) {
    assert.notEqual(verdict(s.SlugSchema, bad), "ok", JSON.stringify(bad));
  }
  assert.match(verdict(s.SlugSchema, "a b"), /must be URL-friendly/);
  assert.match(verdict(s.SlugSchema, "x".repeat(257)), /got 257/);
});

test("URLs are absolute http(s), at most 2048 characters", () => {
  assert.equal(verdict(s.HttpUrlSchema, "https://a.example/x.png"), "ok");
  assert.equal(verdict(s.HttpUrlSchema, "HTTP://a.example/ä"), "ok");
  for (const bad of [
    "/relative.png",
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "ftp://a/b",
    "http//x",
    "https://",
    "http://[::1",
  ]) {
    assert.equal(verdict(s.HttpUrlSchema, bad), ": must be an absolute http(s) URL", bad);
  }
  assert.match(verdict(s.HttpUrlSchema, `https://a.example/${"x".repeat(2031)}`), /at most 2048/);
});

test("wallet addresses are 0x and 40 hex digits", () => {
  assert.equal(verdict(s.WalletSchema, `0x${"aF".repeat(20)}`), "ok");
  for (const bad of ["0x123", `0x${"g".repeat(40)}`, "a".repeat(42), `0x${"a".repeat(41)}`]) {
    assert.equal(verdict(s.WalletSchema, bad), ": must be 0x followed by 40 hexadecimal digits");
  }
});

test("an author's bio is capped at 500 characters, as the original client caps it", () => {
  assert.equal(verdict(s.BioSchema, "b".repeat(500)), "ok");
  assert.equal(verdict(s.BioSchema, "b".repeat(501)), ": must be at most 500 characters (got 501)");
  assert.equal(
    verdict(s.PostPreviewSchema, "p".repeat(501)),
    ": must be at most 500 characters (got 501)",
  );
});

test("fid is a non-negative safe integer", () => {
  assert.equal(verdict(s.FidSchema, 3), "ok");
  assert.equal(verdict(s.FidSchema, -1), ": must be at least 0");
  assert.equal(verdict(s.FidSchema, 1.5), ": must be an integer");
  assert.match(verdict(s.FidSchema, 2 ** 53), /at most/);
});

test("categories and authorIds: distinct, bounded, each item checked by its index", () => {
  assert.equal(verdict(s.CategoriesSchema, ["a", "b"]), "ok");
  assert.equal(verdict(s.CategoriesSchema, "essays"), ": must be an array");
  assert.equal(verdict(s.CategoriesSchema, ["a", "b", "a"]), '[2]: repeats "a"');
  assert.equal(verdict(s.CategoriesSchema, ["a", 1]), "[1]: must be a string");
  assert.match(verdict(s.CategoriesSchema, ["c".repeat(101)]), /^\[0\]: .*got 101/);
  assert.equal(
    verdict(
      s.CategoriesSchema,
      Array.from({ length: 101 }, (_, i) => `c${i}`),
    ),
    ": must have at most 100 items",
  );
  assert.equal(
    verdict(s.PostFieldsSchema, { ...post, authorIds: ["a1", "a1"] }),
    'authorIds[1]: repeats "a1"',
  );
});

test("timestamps: milliseconds as number or string, or ISO 8601, 1970 to 9999", () => {
  const ms = Date.UTC(2024, 10, 21);
  for (const good of [
    ms,
    String(ms),
    "2024-11-21T00:00:00Z",
    "2024-11-21T01:00:00+01:00",
    "2024-11-21",
  ]) {
    assert.equal(verdict(s.TimestampSchema, good), "ok", String(good));
    assert.equal(s.toEpochMs(good), ms, String(good));
  }
  for (const bad of ["yesterday", -1, 1.5, "1e12", true, 1e20]) {
    assert.match(verdict(s.TimestampSchema, bad), /^: must be epoch milliseconds/, String(bad));
  }
  assert.equal(
    verdict(s.TimestampSchema, "2024-13-45T00:00:00Z"),
    ": must be a valid time between 1970 and 9999",
  );
});

test("status is draft, published or archived", () => {
  assert.equal(verdict(s.StatusSchema, "draft"), "ok");
  assert.equal(verdict(s.StatusSchema, "deleted"), ": must be one of draft, published, archived");
});
