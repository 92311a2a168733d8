// IMPORT_THREADS: an import on worker threads stores, refuses, tells and exits
// exactly as the in-thread import does — same rows, same errors in the same order, same code.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, test, type TestContext } from "node:test";
import { formatRejection, importNdjson } from "../../src/import/run-import.js";
import type { ParsedRecord } from "../../src/import/records.js";
import type { SourceItem } from "../../src/import/source.js";
import { FIRST_IN_THREAD, importPool, parsedAhead } from "../../src/import/threads.js";
import type { PostStore } from "../../src/store/post-store.js";
import { runFolio } from "../helpers/cli.js";
import { generatedPost } from "../helpers/generated.js";
import { storeFactories } from "../helpers/stores.js";

const POSTS = 240;
const head = [
  { type: "publication", id: "pub_gen", slug: "generated", name: "Generated" },
  { type: "author", id: "usr_gen", publicationId: "pub_gen", name: "Gen" },
];

const VIDEO = { type: "doc", content: [{ type: "video" }] };

/** Good posts with bad lines of every kind among them: the line's own, and the store's. */
function line(i: number): string {
  const post = generatedPost(i);
  switch (i % 37) {
    case 3:
      return "{not json";
    case 7:
      return JSON.stringify({ ...post, title: "" });
    case 11:
      return JSON.stringify({ ...post, publicationId: "pub_missing" });
    case 13:
      return JSON.stringify({ ...post, slug: "generated-1" });
    case 17:
      return JSON.stringify({ ...post, markdown: undefined, json: VIDEO });
    case 19:
      return JSON.stringify({ ...post, markdown: undefined, json: { type: "paragraph" } });
    case 23:
      return JSON.stringify({ ...post, staticHtml: "<p>ignored</p>" });
    default:
      return JSON.stringify({ ...post, markdown: `${post.markdown}\n${"More words. ".repeat(i)}` });
  }
}

const fileText = () =>
  [...head.map((r) => JSON.stringify(r)), ...Array.from({ length: POSTS }, (_, i) => line(i))]
    .join("\n")
    .concat("\n");

async function storedPosts(store: PostStore) {
  const ids = Array.from({ length: POSTS }, (_, i) => `pst_gen_${i}`);
  return Promise.all(ids.map((id) => store.findPostById(id, { withContent: true })));
}

/** The summary line without its timing, which differs from run to run. */
const untimed = (stdout: string) => stdout.replace(/ in \d+\.\d\d s/g, " in … s");

/** Standard error without the line naming the store, which is each run's own database. */
const storeless = (stderr: string) => stderr.replace(/^folio: using the .* store\n/m, "");

/** Each item's parse, or the refusal it throws, in the order parsedAhead gives them. */
async function parsedLines(lines: string[], threads: number) {
  const pool = importPool(threads);
  const items = (async function* (): AsyncGenerator<SourceItem> {
    for (const [i, text] of lines.entries()) yield { number: i + 1, text };
  })();
  const out: (ParsedRecord | string)[] = [];
  try {
    for await (const { item, parse } of parsedAhead(items, pool, 0)) {
      try {
        out.push(parse(item));
      } catch (error) {
        out.push(String(error));
      }
    }
  } finally {
    await pool?.close();
  }
  return { out, started: pool?.started ?? 0 };
}

test("a small import parses on this thread; past the first records the workers take the rest", async () => {
  const lines = Array.from({ length: FIRST_IN_THREAD + 40 }, (_, i) => line(i));
  const small = await parsedLines(lines.slice(0, FIRST_IN_THREAD), 3);
  assert.equal(small.started, 0, "no worker started");
  const inThread = await parsedLines(lines, 1);
  const pooled = await parsedLines(lines, 3);
  assert.equal(pooled.started, 3);
  assert.deepEqual(pooled.out, inThread.out);
  assert.deepEqual(small.out, inThread.out.slice(0, FIRST_IN_THREAD));
  assert.ok(
    inThread.out.some((r) => typeof r === "string"),
    "refusals among them",
  );
});

for (const factory of await storeFactories()) {
  describe(`import on worker threads (${factory.name})`, () => {
    const fresh = async (t: TestContext) => {
      const made = await factory.create();
      t.after(() => made.dispose());
      return made;
    };

    test("IMPORT_THREADS=1 and =3 store the same rows and tell the same errors", async (t) => {
      const dir = mkdtempSync(join(tmpdir(), "folio-threads-"));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, "mixed.ndjson");
      writeFileSync(file, fileText());
      const runs = [];
      for (const threads of ["1", "3"]) {
        for (const partial of [[], ["--partial"]]) {
          const made = await fresh(t);
          const env = { DATABASE_URL: made.url, IMPORT_THREADS: threads };
          const run = await runFolio(["import", file, ...partial], env);
          runs.push({
            ...{ ...run, stdout: untimed(run.stdout), stderr: storeless(run.stderr) },
            rows: await storedPosts(made.store),
          });
        }
      }
      const [allOrNothing1, partial1, allOrNothing3, partial3] = runs;
      assert.equal(allOrNothing1!.code, 1);
      assert.equal(partial1!.code, 3);
      assert.match(partial1!.stderr, /line 6: \(line\): is not valid JSON/);
      assert.match(partial1!.stderr, /note: unknown node type video kept as text/);
      assert.match(partial1!.stdout, /unknown types kept as text: node:video ×/);
      assert.match(partial1!.stdout, /unknown fields ignored: post\.staticHtml ×/);
      assert.ok(partial1!.rows.some((row) => row !== undefined));
      assert.ok(
        allOrNothing1!.rows.every((row) => row === undefined),
        "nothing written",
      );
      assert.deepEqual(allOrNothing3, allOrNothing1);
      assert.deepEqual(partial3, partial1);
    });

    test("batches, ceilings and summaries are the same on one thread and on three", async (t) => {
      const text = fileText();
      const bytes = Buffer.byteLength(text);
      const cases = [{}, { maxRecords: 150 }, { maxBytes: Math.floor(bytes / 2) }];
      for (const ceiling of cases) {
        const results = [];
        for (const threads of [1, 3]) {
          const { store } = await fresh(t);
          const told: string[] = [];
          const summary = await importNdjson(store, Readable.from([Buffer.from(text)]), {
            ...{ ...ceiling, threads, partial: true, batchSize: 7 },
            onRejection: (r) => told.push(formatRejection(r)),
            onProgress: (p) => told.push(`progress ${p.read} ${p.written} ${p.rejected}`),
            onUnknownType: (type) => told.push(`unknown ${type}`),
          });
          summary.seconds = 0;
          results.push({ summary, told, rows: await storedPosts(store) });
        }
        assert.deepEqual(results[1], results[0], `same with ${JSON.stringify(ceiling)}`);
      }
    });
  });
}
