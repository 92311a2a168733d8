// A file in an unknown or malformed format is one clear error naming the place, and nothing
// is written; the command line says which formats exist.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { CONVERTERS } from "../../src/import/from/index.js";
import { importRecords } from "../../src/import/run-import.js";
import { runFolio } from "../helpers/cli.js";
import { sqliteFactory } from "../helpers/stores.js";

const FIXTURES = fileURLToPath(new URL("../../../test/import/fixtures/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "folio-from-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Imports with the converter and returns why it stopped; nothing may have been written. */
async function stopped(format: string, path: string): Promise<string> {
  const { store, dispose } = await sqliteFactory.create();
  try {
    const summary = await importRecords(store, CONVERTERS[format]!(path, { maxBytes: 1 << 20 }));
    assert.equal(summary.committed, false);
    assert.equal(await store.countPosts(), 0);
    return summary.stopped?.reason ?? "(did not stop)";
  } finally {
    await dispose();
  }
}

test("Ghost: not JSON, or JSON that is not a Ghost export", async () => {
  assert.match(await stopped("ghost", file("a.json", "{oops")), /a\.json: is not valid JSON/);
  assert.match(
    await stopped("ghost", file("b.json", '{"db":[{"data":{}}]}')),
    /b\.json: not a Ghost export/,
  );
  const users = '{"db":[{"data":{"posts":[],"users":"x"}}]}';
  assert.match(await stopped("ghost", file("c.json", users)), /c\.json: data\.users is not a list/);
});

test("WordPress: XML that is not well formed names its line; another root is not WXR", async () => {
  const broken = '<?xml version="1.0"?>\n<rss>\n<channel>\n<item><title>x</item>\n</channel></rss>';
  assert.match(
    await stopped("wordpress", file("a.xml", broken)),
    /a\.xml:4:\d+: .*not well-formed XML/,
  );
  assert.match(
    await stopped("wordpress", file("b.xml", "<html><body/></html>")),
    /b\.xml line 1: not a WordPress export \(the root is <html>/,
  );
  assert.match(
    await stopped("wordpress", file("c.xml", "<rss><channel><item>")),
    /c\.xml:1:\d+: .*not well-formed XML/,
  );
});

test("Markdown: a front matter error is one sentence with the file's line, no dangling colon", async () => {
  const cases = [
    [
      "---\ntitle: fine\nkey: @x\n---\n",
      /^m\.md line 3, column 6: front matter cannot be read: Plain value cannot start with reserved character @$/,
    ],
    [
      '---\ntitle: "open\n---\n',
      /^m\.md line 3, column 1: front matter cannot be read: Missing closing "quote$/,
    ],
    [
      "+++\ntitle = 'x'\nbroken = \n+++\n",
      /^m\.md line 3, column 10: front matter cannot be read: invalid value$/,
    ],
  ] as const;
  for (const [i, [text, expected]] of cases.entries()) {
    file(`fm${i}/m.md`, text);
    const reason = await stopped("markdown", join(dir, `fm${i}`));
    assert.match(reason, expected);
    assert.doesNotMatch(reason, /:$/);
  }
});

test("Markdown: front matter that cannot be read names the file and its line", async () => {
  file("md1/ok.md", "---\ntitle: fine\n---\nbody\n");
  file("md1/posts/bad.md", "---\ntitle: fine\ntags: [oops\n---\nbody\n");
  assert.match(
    await stopped("markdown", join(dir, "md1")),
    /^posts\/bad\.md line \d+, column \d+: front matter cannot be read: Flow sequence in block collection must be sufficiently indented and end with a \]$/,
  );
  file("md2/open.md", "+++\ntitle = 'never closed'\n");
  assert.match(
    await stopped("markdown", join(dir, "md2")),
    /^open\.md line 1: front matter opened with \+\+\+ is never closed/,
  );
  file("md3/list.md", "---\n- a\n- b\n---\n");
  assert.match(
    await stopped("markdown", join(dir, "md3")),
    /^list\.md line 2: front matter must be a mapping/,
  );
  assert.match(
    await stopped("markdown", join(dir, "missing")),
    /missing: cannot read the folder \(ENOENT\)/,
  );
});

test("a record a converter made that breaks a rule is named by its place", async () => {
  file("md4/long.md", `---\ntitle: "${"t".repeat(201)}"\n---\n`);
  const { store, dispose } = await sqliteFactory.create();
  try {
    const summary = await importRecords(
      store,
      CONVERTERS.markdown!(join(dir, "md4"), { maxBytes: 1 << 20 }),
    );
    assert.equal(summary.committed, false);
    assert.equal(summary.rejections[0]?.place, "long.md");
    assert.equal(summary.rejections[0]?.field, "title");
  } finally {
    await dispose();
  }
});

test("the command line: --from converts, an unknown format is a usage error", async () => {
  const env = { DATABASE_URL: join(dir, "cli.db") };
  const res = await runFolio(["import", "--from", "wordpress", `${FIXTURES}wordpress.xml`], env);
  assert.equal(res.code, 0, res.stderr);
  assert.match(
    res.stdout,
    /read 7 records, wrote 7, rejected 0 .*; skipped: wordpress attachment ×1, wordpress page ×1, wordpress trashed post ×1/,
  );
  const unknown = await runFolio(["import", "--from", "blogger", "x.xml"], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--from must be one of ghost\|wordpress\|markdown, not 'blogger'/);
  const bad = await runFolio(["import", "--from", "ghost", file("cli.json", "[]")], env);
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /import stopped: .*cli\.json: not a Ghost export/);
  const named = await runFolio(
    ["import", "--from", "markdown", "--publication", "garden", `${FIXTURES}markdown`],
    env,
  );
  assert.equal(named.code, 0, named.stderr);
});
