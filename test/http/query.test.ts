// One reading of the query string for every route.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseQuery } from "../../src/http/edge/query.js";

test("known names in any letter case become the declared name; others pass as they are", () => {
  assert.deepEqual(
    { ...parseQuery("IncludeContent=true&Other=1") },
    {
      includeContent: "true",
      Other: "1",
    },
  );
  assert.deepEqual(
    { ...parseQuery("includecontent=1&INCLUDECONTENT=0") },
    {
      includeContent: ["1", "0"],
    },
  );
});

test("form decoding, empty pairs and values, malformed escapes kept as text", () => {
  assert.deepEqual(
    { ...parseQuery("q=a+b%20c&&includeContent&x=%zz") },
    {
      q: "a b c",
      includeContent: "",
      x: "%zz",
    },
  );
  assert.deepEqual({ ...parseQuery("") }, {});
});
