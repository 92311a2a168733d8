// Lone surrogates in an import line: text keeps them as one U+FFFD each, as the content
// pipeline does, and a key matched exactly (an id, a slug) refuses them, naming the field.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FieldError, recordFrom } from "../../src/import/records.js";

const post = { type: "post", id: "p1", publicationId: "pub", slug: "s", title: "t", markdown: "x" };

function refusal(line: Record<string, unknown>): string {
  try {
    recordFrom(line, 0);
  } catch (error) {
    assert.ok(error instanceof FieldError);
    return `${error.field}: ${error.message}`;
  }
  return "accepted";
}

test("every text field of every record keeps a lone surrogate as one U+FFFD", () => {
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [
      { ...post, title: "a\ud800b", subtitle: "\udc00", categories: ["c\ud800", "\udbff"] },
      { title: "a\ufffdb", subtitle: "\ufffd", categories: ["c\ufffd", "\ufffd"] },
    ],
    [
      { type: "author", id: "u", publicationId: "pub", name: "N\ud800", bio: "\udc00b" },
      { name: "N\ufffd", bio: "\ufffdb" },
    ],
    [
      { type: "publication", id: "pub", slug: "blog", name: "\ud83dX", summary: "s\udfff" },
      { name: "\ufffdX", summary: "s\ufffd" },
    ],
  ];
  for (const [line, expected] of cases) {
    const record = recordFrom(line, 0).record as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(expected)) assert.deepEqual(record[field], value);
  }
  // A pair is a character, not two lone halves.
  const paired = recordFrom({ ...post, title: "\ud83d\ude00" }, 0).record as { title?: string };
  assert.equal(paired.title, "😀");
});

test("a lone surrogate in a slug or an id is refused, naming the field", () => {
  const slug =
    "slug: must be URL-friendly (no spaces, /, ?, #, %, \\, controls or lone surrogates)";
  assert.equal(refusal({ ...post, slug: "lone\ud800x" }), slug);
  assert.equal(refusal({ ...post, slug: "\ud800" }), slug);
  assert.equal(refusal({ ...post, slug: "\udc00" }), slug);
  assert.equal(refusal({ ...post, slug: "emoji-😀" }), "accepted");
  const id = "must not contain control characters or lone surrogates";
  assert.equal(refusal({ ...post, id: "p\ud800" }), `id: ${id}`);
  assert.equal(refusal({ ...post, authorIds: ["a", "\udc00"] }), `authorIds[1]: ${id}`);
});
