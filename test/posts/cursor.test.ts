import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { CursorCodec, CursorError } from "../../src/posts/cursor.js";

const codec = (key = "k".repeat(64)) => new CursorCodec(async () => key);
const position = { publishedAt: 1_700_000_000_000, id: "pst_é 1" };

test("a cursor opens to the position it was sealed with, for its own list only", async () => {
  const c = codec();
  const cursor = await c.seal("pub\0a", position);
  assert.match(cursor, /^[\w-]+\.[\w-]{22}$/);
  assert.deepEqual(await c.open("pub\0a", cursor), position);
  await assert.rejects(c.open("pub\0b", cursor), CursorError);
  await assert.rejects(codec("another key").open("pub\0a", cursor), CursorError);
});

test("property: any change to a cursor is refused", async () => {
  const c = codec();
  const cursor = await c.seal("feed", position);
  await fc.assert(
    fc.asyncProperty(
      fc.nat(cursor.length - 1),
      fc.string({ minLength: 1, maxLength: 3 }),
      async (at, text) => {
        const edited = cursor.slice(0, at) + text + cursor.slice(at + 1);
        fc.pre(edited !== cursor);
        await assert.rejects(c.open("feed", edited), CursorError);
      },
    ),
  );
});

test("the key is asked once, and again only after it could not be had", async () => {
  let calls = 0;
  const c = new CursorCodec(async () => {
    calls++;
    if (calls === 1) throw new Error("store down");
    return "key";
  });
  await assert.rejects(c.seal("feed", position), /store down/);
  await c.seal("feed", position);
  await c.seal("feed", position);
  assert.equal(calls, 2);
});
