// `html` is the third body of a post (exactly one of json, markdown, html); fields no rule
// reads are counted by name in the summary instead of vanishing silently.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test, type TestContext } from "node:test";
import { formatRejection, importNdjson } from "../../src/import/run-import.js";
import { runFolio } from "../helpers/cli.js";
import { ndjson } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const pub = { type: "publication", id: "p1", slug: "pub", name: "Pub" };
const post = (over: object) => ({
  type: "post",
  ...{ id: "x1", publicationId: "p1", slug: "s1", title: "T" },
  ...over,
});

for (const factory of await storeFactories()) {
  describe(`html bodies and unknown fields (${factory.name})`, () => {
    const fresh = async (t: TestContext) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      return made.store;
    };

    test("an html body becomes the document; markdown and HTML are derived from it", async (t) => {
      const store = await fresh(t);
      const html = "<h2>Hi</h2><p>Some <em>text</em><script>x()</script> <blink>kept</blink></p>";
      const summary = await importNdjson(store, ndjson([pub, post({ html })]));
      assert.equal(summary.committed, true);
      const content = (await store.findPostById("x1", { withContent: true }))!.content!;
      assert.equal(content.staticHtml, "<h2>Hi</h2><p>Some <em>text</em> kept</p>");
      assert.equal(content.markdown, "## Hi\n\nSome *text* kept");
      assert.equal(JSON.parse(content.json).content[0].type, "heading");
    });

    test("two bodies, or an html body that is not a string or too deep, are bad lines", async (t) => {
      const store = await fresh(t);
      const lines = [
        pub,
        post({ html: "<p>a</p>", markdown: "a" }),
        post({ id: "x2", slug: "s2", html: { p: 1 } }),
        post({ id: "x3", slug: "s3", html: "<div>".repeat(10_000) }),
      ];
      const summary = await importNdjson(store, ndjson(lines));
      assert.deepEqual(summary.rejections.map(formatRejection), [
        "line 2: markdown: give one of json, markdown or html, not markdown and html",
        "line 3: html: must be a string",
        "line 4: html: nesting deeper than 500 elements",
      ]);
    });

    test("fields no rule reads are counted by record type and name", async (t) => {
      const store = await fresh(t);
      const lines = [
        { ...pub, motto: "x" },
        post({ staticHtml: "<p>ignored</p>", markdown: "kept" }),
        post({ id: "x2", slug: "s2", staticHtml: "", claps: 3 }),
      ];
      const summary = await importNdjson(store, ndjson(lines));
      assert.deepEqual(summary.unknownFields, {
        "publication.motto": 1,
        "post.staticHtml": 2,
        "post.claps": 1,
      });
      const content = (await store.findPostById("x1", { withContent: true }))!.content!;
      assert.equal(content.staticHtml, "<p>kept</p>");
    });
  });
}

describe("folio import", () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-html-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the summary names the unknown fields it ignored", async () => {
    const lines = [pub, post({ html: "<p>x</p>", staticHtml: "<p>y</p>" })];
    const res = await runFolio(
      ["import", "-"],
      { DATABASE_URL: join(dir, "a.db") },
      lines.map((l) => JSON.stringify(l)).join("\n"),
    );
    assert.equal(res.code, 0, res.stderr);
    assert.match(
      res.stdout,
      /read 2 records, wrote 2, .*; unknown fields ignored: post\.staticHtml ×1/,
    );
  });
});
