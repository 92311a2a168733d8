// The client package spells its wire types out (it depends on nothing); these checks hold
// them equal to the server's TypeBox schemas and error catalogue. They are checked when the
// tests compile (`npm run typecheck`, and `npm test` builds first): drift is a type error.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Static } from "typebox";
import type {
  Author,
  BlogSearchHit,
  CreatePostBody,
  CreatedPost,
  ErrorCode,
  ErrorEnvelope,
  Pagination,
  Post,
  PostSearchHit,
  Publication,
  UpdatePostBody,
} from "folio/client";
import type { ErrorCode as ServerErrorCode } from "../../src/errors.js";
import type { AuthorSchema, ErrorSchema, PostSchema } from "../../src/http/wire/schemas.js";
import type { CreatedAnswer } from "../../src/http/authoring/schemas.js";
import type * as d from "../../src/http/discovery/schemas.js";
import type { CreatePostInput, UpdatePostInput } from "../../src/posts/write-fields.js";

/** true only when A and B are the same type, optional and readonly modifiers included. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const agree = {
  post: true satisfies Equal<Post, Static<typeof PostSchema>>,
  author: true satisfies Equal<Author, Static<typeof AuthorSchema>>,
  errorCode: true satisfies Equal<ErrorCode, ServerErrorCode>,
  envelope: true satisfies Equal<keyof ErrorEnvelope, keyof Static<typeof ErrorSchema>>,
  publication: true satisfies Equal<Publication, d.WirePublication>,
  pagination: true satisfies Equal<Pagination, d.WirePagination>,
  postHit: true satisfies Equal<PostSearchHit["post"], d.WirePostSearchHit["post"]>,
  blogHit: true satisfies Equal<BlogSearchHit["blog"], d.WireSearchBlog>,
  created: true satisfies Equal<CreatedPost, Static<typeof CreatedAnswer>>,
  create: true satisfies Equal<keyof CreatePostBody, keyof CreatePostInput>,
  update: true satisfies Equal<keyof UpdatePostBody, keyof UpdatePostInput>,
};

test("the client's types are the server's (checked at compile time)", () => {
  assert.ok(Object.values(agree).every((agreed) => agreed));
});
