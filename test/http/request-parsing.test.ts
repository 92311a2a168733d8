// Contract section 2: how path and query parameters are read and refused.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { build } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";

const BY_SLUG = "/v1/publications/slug";

for (const factory of await storeFactories()) {
  describe(`request parsing (${factory.name})`, () => {
    test("path parameters are percent-decoded once", async (t) => {
      const { app } = await build(t, factory);
      const cafe = encodeURIComponent("café-ü");
      assert.equal((await app.inject(`${BY_SLUG}/Other-Pub/posts/slug/${cafe}`)).statusCode, 200);
      assert.equal((await app.inject(`/v1/posts/%70st_1`)).statusCode, 200);
      // %2570 decodes once to the literal "%70", which is not "p".
      assert.equal((await app.inject(`/v1/posts/%2570st_1`)).statusCode, 404);
    });

    test("a parameter name in another letter case is the same parameter, one rule for all", async (t) => {
      const { app } = await build(t, factory);
      const upper = await app.inject("/v1/posts/pst_1?IncludeContent=true");
      const exact = await app.inject("/v1/posts/pst_1?includeContent=true");
      assert.equal(upper.statusCode, 200);
      assert.equal(typeof upper.json().markdown, "string");
      assert.equal(upper.headers.etag, exact.headers.etag, "one URL meaning, one body");
      const twice = await app.inject("/v1/posts/pst_1?includeContent=1&INCLUDECONTENT=0");
      assert.equal(twice.statusCode, 400);
      assert.match(twice.json().msg, /includeContent/);
    });

    test("invalid percent-encoding is a 400", async (t) => {
      const { app } = await build(t, factory);
      for (const url of ["/v1/posts/%E0%A4%A", "/v1/posts/%zz", `${BY_SLUG}/blog/posts/slug/%C3`]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().error, "invalid_parameter");
      }
    });

    test("lengths count code points: 256 is accepted, 257 is a 400 naming the parameter", async (t) => {
      const { app } = await build(t, factory);
      const astral = "😀".repeat(256); // 512 UTF-16 units, 256 code points
      const cases = [
        [`/v1/posts/${encodeURIComponent(astral)}`, 404],
        [`/v1/posts/${"a".repeat(257)}`, "postId"],
        [`${BY_SLUG}/${"a".repeat(256)}/posts/slug/x`, 404],
        [`${BY_SLUG}/${"a".repeat(257)}/posts/slug/x`, "publicationSlug"],
        [`${BY_SLUG}/blog/posts/slug/${"é".repeat(257)}`, "postSlug"],
        [`${BY_SLUG}/blog/posts/slug/${encodeURIComponent(astral + "x")}`, "postSlug"],
        [`/v1/posts//`, "postId"],
      ] as const;
      for (const [url, expected] of cases) {
        const res = await app.inject(url);
        if (typeof expected === "number") assert.equal(res.statusCode, expected, url);
        else {
          assert.equal(res.statusCode, 400, url);
          assert.equal(res.json().error, "invalid_parameter");
          assert.match(res.json().msg, new RegExp(`^${expected}`));
        }
      }
    });

    test("a leading @ on the publication slug is dropped, written or encoded", async (t) => {
      const { app } = await build(t, factory);
      for (const pub of ["@blog", "%40blog", "blog"]) {
        assert.equal(
          (await app.inject(`${BY_SLUG}/${pub}/posts/slug/hello-world`)).statusCode,
          200,
          pub,
        );
      }
      assert.equal((await app.inject(`${BY_SLUG}/@/posts/slug/hello-world`)).statusCode, 400);
      assert.equal((await app.inject(`${BY_SLUG}/@@blog/posts/slug/hello-world`)).statusCode, 404);
    });

    test("slugs and ids match exactly, case-sensitively", async (t) => {
      const { app } = await build(t, factory);
      assert.equal((await app.inject("/v1/posts/Pst_Case")).statusCode, 200);
      assert.equal((await app.inject("/v1/posts/pst_case")).statusCode, 404);
      assert.equal((await app.inject(`${BY_SLUG}/Other-Pub/posts/slug/Case-Slug`)).statusCode, 200);
      assert.equal((await app.inject(`${BY_SLUG}/other-pub/posts/slug/Case-Slug`)).statusCode, 404);
      assert.equal((await app.inject(`${BY_SLUG}/Other-Pub/posts/slug/case-slug`)).statusCode, 404);
    });

    test("includeContent: any other value, or given twice, is a 400 naming it", async (t) => {
      const { app } = await build(t, factory);
      const bad = [
        "maybe",
        "yes",
        "2",
        "truee",
        "%ZZ",
        "true&includeContent=true",
        "1&includeContent=0",
      ];
      for (const value of bad) {
        const res = await app.inject(`/v1/posts/pst_1?includeContent=${value}`);
        assert.equal(res.statusCode, 400, value);
        assert.equal(res.json().error, "invalid_parameter");
        assert.match(res.json().msg, /includeContent/);
      }
      const spelled = ["True", "tRUE", "FALSE", "Null", "NULL"];
      for (const value of spelled) {
        assert.equal((await app.inject(`/v1/posts/pst_1?includeContent=${value}`)).statusCode, 200);
      }
      const bare = (await app.inject(`/v1/posts/pst_1?includeContent`)).json();
      assert.equal("json" in bare, false);
    });

    test("a trailing slash is tolerated and unknown query parameters are ignored", async (t) => {
      const { app } = await build(t, factory);
      const plain = await app.inject("/v1/posts/pst_1?includeContent=true");
      for (const url of [
        "/v1/posts/pst_1/?includeContent=true",
        `${BY_SLUG}/blog/posts/slug/hello-world/?includeContent=true`,
        "/v1/posts/pst_1?includeContent=true&utm_source=x&fields=all&fields=none",
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.body, plain.body, url);
      }
    });
  });
}
