// Contract section 5: the import is validated line by line and all or nothing.
import assert from "node:assert/strict";
import { describe, test, type TestContext } from "node:test";
import { gzipSync } from "node:zlib";
import { Readable } from "node:stream";
import { formatRejection, importNdjson } from "../../src/import/run-import.js";
import { ndjson, records } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const pub = { type: "publication", id: "p1", slug: "pub", name: "Pub" };
const author = { type: "author", id: "a1", publicationId: "p1", name: "Ann" };
const post = (over: object = {}) => ({
  type: "post",
  id: "x1",
  publicationId: "p1",
  slug: "s1",
  title: "T",
  authorIds: ["a1"],
  ...over,
});

const BAD_LINES: [object, string][] = [
  [{ type: "comment" }, "type"],
  [post({ title: "t".repeat(201) }), "title"],
  [post({ subtitle: "s".repeat(301) }), "subtitle"],
  [post({ slug: "" }), "slug"],
  [post({ slug: "has space" }), "slug"],
  [post({ slug: "s".repeat(257) }), "slug"],
  [post({ imageUrl: "javascript:alert(1)" }), "imageUrl"],
  [post({ status: "deleted" }), "status"],
  [post({ publishedAt: "next week" }), "publishedAt"],
  [post({ categories: "essays" }), "categories"],
  [post({ authorIds: ["a1", "a1"] }), "authorIds[1]"],
  [post({ json: "{not json" }), "json"],
  [post({ json: { type: "paragraph" } }), "json"],
  [post({ json: { type: "doc" }, markdown: "# both" }), "json"],
  [post({ publicationId: "missing" }), "publicationId"],
  [post({ authorIds: ["ghost"] }), "authorIds"],
  [{ ...author, walletAddress: "0x12" }, "walletAddress"],
  [{ ...author, avatarUrl: "/me.png" }, "avatarUrl"],
  [{ ...author, social: { username: "u", fid: -1 } }, "social.fid"],
  [{ ...author, social: { username: "u", fid: 1.5 } }, "social.fid"],
];

for (const factory of await storeFactories()) {
  describe(`import (${factory.name})`, () => {
    const fresh = async (t: TestContext) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      return made.store;
    };

    test("a good file is written whole, references resolved within the file", async (t) => {
      const store = await fresh(t);
      const summary = await importNdjson(store, ndjson(records));
      assert.deepEqual(
        [summary.read, summary.written, summary.rejected, summary.committed],
        [records.length, records.length, 0, true],
      );
      assert.equal((await store.findPostById("pst_1", { withContent: false }))?.title, "Hello");
      assert.equal(await store.countPosts(), records.filter((r) => r.type === "post").length);
    });

    for (const [line, field] of BAD_LINES) {
      test(`a bad ${field} is reported as 'line N: ${field}: reason' and nothing is written`, async (t) => {
        const store = await fresh(t);
        const summary = await importNdjson(
          store,
          ndjson([pub, author, post({ id: "good" }), line]),
        );
        assert.equal(summary.committed, false);
        assert.equal(summary.written, 0);
        assert.equal(summary.rejected, 1);
        const message = formatRejection(summary.rejections[0]!);
        // The field may be named more precisely inside it (json.content[0].type).
        assert.match(
          message,
          new RegExp(`^line 4: ${field.replace(/[[\]]/g, "\\$&")}[.[]?\\S*: \\S`),
        );
        assert.equal(await store.countPosts(), 0);
        assert.equal(await store.findPostById("good", { withContent: false }), undefined);
      });
    }

    test("every bad line is listed, not just the first", async (t) => {
      const store = await fresh(t);
      const lines = [
        pub,
        author,
        post({ title: 5 }),
        post({ id: "ok" }),
        "{oops",
        post({ id: "y", slug: "s y" }),
      ];
      const input = Readable.from([
        lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"),
      ]);
      const summary = await importNdjson(store, input);
      assert.deepEqual(
        summary.rejections.map((r) => r.line),
        [3, 5, 6],
      );
      assert.equal(await store.countPosts(), 0);
    });

    test("--partial writes the good records and still counts the bad", async (t) => {
      const store = await fresh(t);
      const summary = await importNdjson(
        store,
        ndjson([
          pub,
          author,
          post(),
          post({ id: "bad", title: "" }),
          post({ id: "x2", slug: "s2", authorIds: ["nobody"] }),
        ]),
        { partial: true },
      );
      assert.deepEqual([summary.committed, summary.written, summary.rejected], [true, 3, 2]);
      assert.equal(await store.countPosts(), 1);
    });

    test("records are upserts by id: a second import replaces fields, authors and categories", async (t) => {
      const store = await fresh(t);
      const second = { type: "author", id: "a2", publicationId: "p1", name: "Bo" };
      await importNdjson(
        store,
        ndjson([pub, author, second, post({ categories: ["a", "b"], subtitle: "old" })]),
      );
      await importNdjson(
        store,
        ndjson([post({ title: "New", authorIds: ["a2", "a1"], categories: ["c"] })]),
      );
      const stored = await store.findPostById("x1", { withContent: false });
      assert.equal(stored?.title, "New");
      assert.equal(stored?.subtitle, undefined);
      assert.deepEqual(
        stored?.authors.map((a) => a.id),
        ["a2", "a1"],
      );
      assert.deepEqual(stored?.categories, ["c"]);
      assert.equal(await store.countPosts(), 1);
    });

    test("(publicationId, slug) is unique across posts", async (t) => {
      const store = await fresh(t);
      await importNdjson(store, ndjson([pub, author, post()]));
      const summary = await importNdjson(store, ndjson([post({ id: "x2" })]));
      assert.match(
        formatRejection(summary.rejections[0]!),
        /^line 1: slug: already used by post x1/,
      );
      const inFile = await importNdjson(
        store,
        ndjson([post({ id: "x3", slug: "z" }), post({ id: "x4", slug: "z" })]),
      );
      assert.equal(inFile.rejections[0]?.line, 2);
    });

    test("derived content comes from the document, never from the file", async (t) => {
      const store = await fresh(t);
      const doc = {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Real" }] }],
      };
      await importNdjson(
        store,
        ndjson([
          pub,
          author,
          post({
            json: JSON.stringify(doc),
            staticHtml: "<script>x</script>",
            markdown: undefined,
          }),
        ]),
      );
      const content = (await store.findPostById("x1", { withContent: true }))?.content;
      assert.equal(content?.staticHtml, "<p>Real</p>");
      assert.equal(content?.markdown.trim(), "Real");
      assert.deepEqual(JSON.parse(content!.json), doc);
    });

    test("a Markdown body is converted to a document", async (t) => {
      const store = await fresh(t);
      await importNdjson(
        store,
        ndjson([pub, author, post({ markdown: "# Title\n\nSome **bold**." })]),
      );
      const content = (await store.findPostById("x1", { withContent: true }))?.content;
      assert.equal(JSON.parse(content!.json).content[0].type, "heading");
      assert.match(content!.staticHtml, /<h1>Title<\/h1>/);
      assert.match(content!.markdown, /^# Title\n\nSome \*\*bold\*\*\./);
    });

    test("gzip files and timestamps in every accepted form", async (t) => {
      const store = await fresh(t);
      const lines = [
        pub,
        author,
        post({ publishedAt: "2024-11-21T00:00:00Z", updatedAt: 1732150000000 }),
      ];
      const gz = gzipSync(Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n")));
      const summary = await importNdjson(store, Readable.from([gz]));
      assert.equal(summary.written, 3);
      const stored = await store.findPostById("x1", { withContent: false });
      assert.deepEqual(
        [stored?.publishedAt, stored?.updatedAt],
        [Date.UTC(2024, 10, 21), 1732150000000],
      );
    });

    test("unknown node types are kept as text and counted", async (t) => {
      const store = await fresh(t);
      const doc = {
        type: "doc",
        content: [
          {
            type: "callout",
            content: [{ type: "paragraph", content: [{ type: "text", text: "Note" }] }],
          },
        ],
      };
      const summary = await importNdjson(store, ndjson([pub, author, post({ json: doc })]));
      assert.deepEqual(summary.unknownTypes, { "node:callout": 1 });
      assert.match(
        (await store.findPostById("x1", { withContent: true }))!.content!.staticHtml,
        /Note/,
      );
    });

    test("a line over the size limit is a bad line, and the rest are still read", async (t) => {
      const store = await fresh(t);
      const summary = await importNdjson(
        store,
        ndjson([pub, author, post({ subtitle: "x".repeat(200) }), post({ id: "x2", slug: "s2" })]),
        { maxLineBytes: 200 },
      );
      assert.deepEqual(
        summary.rejections.map((r) => [r.line, r.field]),
        [[3, "(line)"]],
      );
      assert.equal(summary.read, 4);
    });
  });
}
