// What the caches keep of a post or an answer: bytes of their own, never a slice of a slab
// that other allocations share (a kept slice keeps its whole slab alive).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { gunzipSync } from "node:zlib";
import { Answer } from "../../../src/http/wire/answer.js";
import {
  Representation,
  contentParts,
  joinContent,
  ownBytes,
  postSerializer,
  representPost,
} from "../../../src/http/wire/representation.js";
import { toWirePost } from "../../../src/http/wire/post.js";
import type { PostRecord } from "../../../src/store/post-store.js";

const head = { id: "pst_1", publicationId: "pub_1", publicationSlug: "p", slug: "s", updatedAt: 0 };
/** Bytes as Node hands them out under 4 KiB: a view into a slab of its shared pool. */
const pooled = (text: string) => Buffer.from(text);
const alone = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.byteLength;

test("a short body from Node's pool is really a slice of a larger slab", () => {
  const body = pooled(JSON.stringify({ text: "x".repeat(1500) }));
  assert.ok(body.buffer.byteLength > body.byteLength, "the premise of the tests below");
});

test("a post's gzip form is its own bytes, of the body it was made from", async () => {
  const json = JSON.stringify({ id: "pst_1", markdown: "word ".repeat(400) });
  const r = Representation.made(head, { body: pooled(json), etag: '"e"' }, "https://site.test");
  assert.equal(r.body.toString(), json);
  const gzip = await r.encode("gzip");
  assert.ok(gzip.byteLength < 4096 && alone(gzip), `gzip of ${gzip.byteLength} bytes`);
  assert.equal(gunzipSync(gzip).toString(), json);
  assert.equal(r.cacheTag, "post-pst_1,pub-pub_1");
  assert.equal(r.etagFor("gzip"), '"e-gzip"');
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

// A body with content is stored as the body without and a place (store/stored-bytes.ts).
const post = (over: Partial<PostRecord> = {}): PostRecord => ({
  ...head,
  status: "published",
  title: 'A "quoted" title, \\ and a "categories": trap',
  categories: ["news", ',"categories":'],
  authors: [{ id: "usr_1", publicationId: "pub_1", name: ',"coinId":"x"' }],
  content: { staticHtml: "<p>hi</p>", json: '{"type":"doc"}', markdown: "hi" },
  ...over,
});

const hostile = [
  "",
  "plain",
  'quotes " and \\ backslashes',
  "controls \u0000 \u0001 \n \t \u001f",
  "astral 😀 and lone \ud800 and \udc00 surrogates",
  ',"coinId":"x","categories":[]}',
  "long ".repeat(3000),
];

test("a body with content joined at its place is the serializer's own bytes", () => {
  for (const text of hostile) {
    for (const over of [
      {},
      { coinId: "coin_1" },
      { subtitle: text, imageUrl: "https://i.test/a" },
    ]) {
      const record = post({ ...over, content: { staticHtml: text, json: text, markdown: text } });
      const serialized = postSerializer()(toWirePost(record, true));
      const made = Representation.of(record, true, "https://site.test");
      assert.equal(made.body.toString(), serialized, JSON.stringify(text).slice(0, 40));
      const { meta, full } = representPost(record);
      const content = { at: full.at, ...record.content! };
      assert.equal(Buffer.concat(contentParts(meta.body, content)).toString(), serialized);
      assert.equal(full.etag, made.etag);
      assert.equal(meta.etag, Representation.of(record, false, "https://site.test").etag);
    }
  }
});

test("bodies with content that differ have different validators", () => {
  const etags = new Map<string, string>();
  const texts = [...hostile, "\\ud800", '"\\ud800"', "\ud801", "a", "b"];
  for (const a of texts) {
    for (const field of ["staticHtml", "json", "markdown"] as const) {
      const content = { staticHtml: "", json: "", markdown: "", [field]: a };
      const record = post({ content });
      const made = Representation.of(record, true, "https://site.test");
      const body = made.body.toString();
      const seen = etags.get(made.etag);
      assert.ok(seen === undefined || seen === body, `${made.etag}: two bodies`);
      etags.set(made.etag, body);
    }
  }
  // The same text moved from one member to the next is another body.
  assert.equal(etags.size, new Set([...etags.values()]).size);
  assert.ok(etags.size >= texts.length * 3 - 2, `${etags.size} validators`);
});

// PostgreSQL hands the content columns as UTF-8 bytes (store/postgres/byte-columns.ts).
test("content handed as its UTF-8 bytes joins into the same body as the text", () => {
  const unit = fc.oneof(
    fc.constantFrom('"', "\\", "\n", "\u0000", "\u001f", "\u007f", "\u0080", "\u00ff", "\u2028"),
    fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  );
  // Text as a store gives it back: well-formed (a lone surrogate is stored as U+FFFD).
  const stored = fc.string({ unit, maxLength: 60 }).map((t) => Buffer.from(t).toString());
  fc.assert(
    fc.property(stored, stored, stored, (staticHtml, json, markdown) => {
      const record = post({ content: { staticHtml, json, markdown } });
      const { meta, full } = representPost(record);
      const text = { at: full.at, staticHtml, json, markdown };
      const bytes = {
        at: full.at,
        ...{ staticHtml: Buffer.from(staticHtml), json: Buffer.from(json) },
      };
      const asBytes = { ...bytes, markdown: Buffer.from(markdown) };
      const serialized = Buffer.from(postSerializer()(toWirePost(record, true)));
      assert.deepEqual(joinContent(meta.body, text), serialized);
      assert.deepEqual(joinContent(meta.body, asBytes), serialized);
      assert.deepEqual(Buffer.concat(contentParts(meta.body, asBytes)), serialized);
      // Some members as text and some as bytes: still the same bytes.
      assert.deepEqual(joinContent(meta.body, { ...bytes, markdown }), serialized);
    }),
    { numRuns: 500 },
  );
});
