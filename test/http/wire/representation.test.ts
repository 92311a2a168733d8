// What the caches keep of a post or an answer: bytes of their own, never a slice of a slab
// that other allocations share (a kept slice keeps its whole slab alive).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { Answer } from "../../../src/http/wire/answer.js";
import { Representation, ownBytes } from "../../../src/http/wire/representation.js";

const head = { id: "pst_1", publicationId: "pub_1", publicationSlug: "p", slug: "s", updatedAt: 0 };
/** Bytes as Node hands them out under 4 KiB: a view into a slab of its shared pool. */
const pooled = (text: string) => Buffer.from(text);
const alone = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.byteLength;

test("a short body from Node's pool is really a slice of a larger slab", () => {
  const body = pooled(JSON.stringify({ text: "x".repeat(1500) }));
  assert.ok(body.buffer.byteLength > body.byteLength, "the premise of the tests below");
});

test("a post's representation keeps its body, and its gzip form, on their own", async () => {
  const json = JSON.stringify({ id: "pst_1", markdown: "word ".repeat(400) });
  const body = pooled(json);
  const r = new Representation(head, { body, etag: '"e"' }, "https://site.test");
  assert.ok(alone(r.body));
  assert.equal(r.body.toString(), json);
  const gzip = await r.encode("gzip");
  assert.ok(gzip.byteLength < 4096 && alone(gzip), `gzip of ${gzip.byteLength} bytes`);
  assert.equal(gunzipSync(gzip).toString(), json);
});

test("an answer keeps its body on its own, with the validator of the same bytes", async () => {
  const text = "<p>" + "hello ".repeat(300) + "</p>";
  const a = new Answer(pooled(text), "text/html", ["feed"]);
  const b = new Answer(Buffer.from(text), "text/html", ["feed"]);
  assert.ok(alone(a.body));
  assert.equal(a.body.toString(), text);
  assert.equal(a.etag, b.etag);
  assert.ok(alone(await a.encode("br")));
});

test("bytes already their own are kept as they are, not copied", () => {
  const own = Buffer.alloc(10_000, 7);
  assert.equal(ownBytes(own), own);
});
