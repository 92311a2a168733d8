// Field rules of the import format, one at a time.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as f from "../../src/import/fields.js";

test("codePoints counts astral characters once", () => {
  assert.equal(f.codePoints("abc"), 3);
  assert.equal(f.codePoints("😀é"), 2);
  assert.equal(f.codePoints("\ud83d"), 1);
  assert.equal(f.codePoints(""), 0);
});

test("timestamps: milliseconds as number or string, or ISO 8601; stored as milliseconds", () => {
  const ms = Date.UTC(2024, 10, 21);
  assert.equal(f.optionalTimestamp({ t: ms }, "t"), ms);
  assert.equal(f.optionalTimestamp({ t: String(ms) }, "t"), ms);
  assert.equal(f.optionalTimestamp({ t: "2024-11-21T00:00:00Z" }, "t"), ms);
  assert.equal(f.optionalTimestamp({ t: "2024-11-21T01:00:00+01:00" }, "t"), ms);
  assert.equal(f.optionalTimestamp({}, "t"), undefined);
  for (const bad of ["yesterday", "2024-13-45T00:00:00Z", -1, 1.5, "1e12", true, 1e20]) {
    assert.throws(() => f.optionalTimestamp({ t: bad }, "t"), f.FieldError, String(bad));
  }
});

test("slugs are URL-friendly: no spaces, separators, percent signs or controls", () => {
  assert.equal(f.slug({ s: "café-ü_1.2~x" }, "s"), "café-ü_1.2~x");
  for (const bad of [
    "a b",
    "a/b",
    "a?b",
    "a#b",
    "a%20b",
    "a\\b",
    "a\nb",
    "",
    ".",
    "..",
    "x".repeat(257),
  ]) {
    assert.throws(() => f.slug({ s: bad }, "s"), f.FieldError, JSON.stringify(bad));
  }
});

test("URLs must be absolute http(s)", () => {
  assert.equal(f.optionalUrl({ u: "https://a.example/x.png" }, "u"), "https://a.example/x.png");
  for (const bad of [
    "/relative.png",
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "ftp://a/b",
    "http//x",
  ]) {
    assert.throws(() => f.optionalUrl({ u: bad }, "u"), f.FieldError, bad);
  }
});

test("wallet addresses are 0x and 40 hex digits", () => {
  assert.equal(f.optionalWallet({ w: `0x${"aF".repeat(20)}` }, "w"), `0x${"aF".repeat(20)}`);
  for (const bad of ["0x123", `0x${"g".repeat(40)}`, `${"a".repeat(42)}`, `0x${"a".repeat(41)}`]) {
    assert.throws(() => f.optionalWallet({ w: bad }, "w"), f.FieldError, bad);
  }
});

test("string lists refuse non-strings, repeats and too many items", () => {
  assert.deepEqual(f.stringList({}, "c", 3, 10), []);
  assert.throws(() => f.stringList({ c: "x" }, "c", 3, 10), /array/);
  assert.throws(
    () => f.stringList({ c: ["a", 1] }, "c", 3, 10),
    (e: f.FieldError) => e.field === "c[1]",
  );
  assert.throws(() => f.stringList({ c: ["a", "a"] }, "c", 3, 10), /repeats/);
  assert.throws(() => f.stringList({ c: ["a", "b", "c", "d"] }, "c", 3, 10), /at most 3/);
});
