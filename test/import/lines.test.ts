// NDJSON framing: lines split across chunks, CRLF, blank (counted, not yielded) and
// oversized lines, gzip.
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { readLines, type Line } from "../../src/import/lines.js";

async function collect(chunks: Buffer[], max = 1024): Promise<Line[]> {
  const lines: Line[] = [];
  for await (const line of readLines(Readable.from(chunks), max)) lines.push(line);
  return lines;
}

test("lines are numbered and reassembled across chunk boundaries, CRLF included", async () => {
  const text = "first\r\nsecond line\n\nthird é😀\nlast-without-newline";
  const bytes = Buffer.from(text);
  for (let size = 1; size <= bytes.length; size++) {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    assert.deepEqual(
      await collect(chunks),
      [
        { number: 1, text: "first" },
        { number: 2, text: "second line" },
        { number: 4, text: "third é😀" },
        { number: 5, text: "last-without-newline" },
      ],
      `chunk size ${size}`,
    );
  }
});

test("a line over the limit is reported without its text, and the next lines still come", async () => {
  const long = "x".repeat(50);
  for (const size of [7, 1000]) {
    const bytes = Buffer.from(`ok\n${long}\nafter\n${long}`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    assert.deepEqual(await collect(chunks, 20), [
      { number: 1, text: "ok" },
      { number: 2, text: undefined },
      { number: 3, text: "after" },
      { number: 4, text: undefined },
    ]);
  }
});

test("gzip input is recognised by its magic number and decompressed", async () => {
  const gz = gzipSync(Buffer.from("a\nb\n"));
  assert.deepEqual(await collect([gz.subarray(0, 1), gz.subarray(1)]), [
    { number: 1, text: "a" },
    { number: 2, text: "b" },
  ]);
});

test("a corrupt gzip stream is an error, not a hang", async () => {
  const gz = gzipSync(Buffer.from("a\nb\n".repeat(1000)));
  await assert.rejects(collect([gz.subarray(0, 20), Buffer.from("garbage garbage")]));
});

test("an empty input yields no lines", async () => {
  assert.deepEqual(await collect([]), []);
});
