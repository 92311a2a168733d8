// The client package spells its wire types out (it depends on nothing); these checks hold
// them equal to the server's TypeBox schemas and error catalogue. They are checked when the
// tests compile (`npm run typecheck`, and `npm test` builds first): drift is a type error.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Static } from "typebox";
import type { Author, ErrorCode, ErrorEnvelope, Post } from "folio/client";
import type { ErrorCode as ServerErrorCode } from "../../src/errors.js";
import type { AuthorSchema, ErrorSchema, PostSchema } from "../../src/http/schemas.js";

/** true only when A and B are the same type, optional and readonly modifiers included. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const agree = {
  post: true satisfies Equal<Post, Static<typeof PostSchema>>,
  author: true satisfies Equal<Author, Static<typeof AuthorSchema>>,
  errorCode: true satisfies Equal<ErrorCode, ServerErrorCode>,
  envelope: true satisfies Equal<keyof ErrorEnvelope, keyof Static<typeof ErrorSchema>>,
};

test("the client's types are the server's (checked at compile time)", () => {
  assert.deepEqual(Object.values(agree), [true, true, true, true]);
});
