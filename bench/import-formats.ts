// Import rate of each source on the same generated blog: NDJSON with Markdown bodies (the
// baseline), NDJSON with HTML bodies, a Ghost export, a WordPress WXR file and a Markdown
// folder, each into a fresh SQLite store. Rates are per CPU-second of this process (a shared
// machine's wall time says more about the neighbours); ratios against the baseline of the run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createReadStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONVERTERS } from "../src/import/from/index.js";
import { importNdjson, importRecords, type ImportSummary } from "../src/import/run-import.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";

const POSTS = Number(process.env.POSTS ?? 2000);
const root = mkdtempSync(join(tmpdir(), "folio-bench-formats-"));

const paragraph = (i: number, k: number) =>
  `Post ${i}, paragraph ${k}: the beds are small, the **soil** is _dark_, and [notes](https://example.org/${i}/${k}) are kept.`;
const markdownOf = (i: number) =>
  [
    `## Part ${i}`,
    ...Array.from({ length: 12 }, (_, k) => paragraph(i, k)),
    "- one\n- two\n- three",
  ].join("\n\n");
const htmlOf = (i: number) =>
  `<h2>Part ${i}</h2>` +
  Array.from(
    { length: 12 },
    (_, k) =>
      `<p>${paragraph(i, k)
        .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
        .replace(/_(.+?)_/g, "<em>$1</em>")
        .replace(/\[(.+?)\]\((.+?)\)/g, '<a href="$2">$1</a>')}</p>`,
  ).join("") +
  "<ul><li>one</li><li>two</li><li>three</li></ul>";
const date = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString();

function writeInputs(dir: string, posts: number) {
  const head = [
    { type: "publication", id: "pub-b", slug: "b", name: "Bench" },
    { type: "author", id: "a1", publicationId: "pub-b", name: "Ann" },
  ];
  const post = (i: number, body: object) => ({
    type: "post",
    ...{ id: `p${i}`, publicationId: "pub-b", slug: `post-${i}`, title: `Post ${i}` },
    ...{ publishedAt: date(i), updatedAt: date(i), categories: ["c1", "c2"], authorIds: ["a1"] },
    ...body,
  });
  const lines = (body: (i: number) => object) =>
    [...head, ...Array.from({ length: posts }, (_, i) => post(i, body(i)))]
      .map((r) => JSON.stringify(r))
      .join("\n");
  writeFileSync(
    join(dir, "md.ndjson"),
    lines((i) => ({ markdown: markdownOf(i) })),
  );
  writeFileSync(
    join(dir, "html.ndjson"),
    lines((i) => ({ html: htmlOf(i) })),
  );
  const ghostPosts = Array.from({ length: posts }, (_, i) => ({
    ...{ id: `g${i}`, title: `Post ${i}`, slug: `post-${i}`, html: htmlOf(i), type: "post" },
    ...{ status: "published", published_at: date(i), updated_at: date(i) },
  }));
  const data = {
    settings: [{ key: "title", value: "Bench" }],
    users: [{ id: "u1", name: "Ann" }],
    tags: [{ id: "t1", name: "c1" }],
    posts: ghostPosts,
    posts_authors: ghostPosts.map((p) => ({ post_id: p.id, author_id: "u1", sort_order: 0 })),
    posts_tags: ghostPosts.map((p) => ({ post_id: p.id, tag_id: "t1", sort_order: 0 })),
  };
  writeFileSync(join(dir, "ghost.json"), JSON.stringify({ db: [{ meta: {}, data }] }));
  const items = Array.from(
    { length: POSTS },
    (_, i) =>
      `<item><title>Post ${i}</title><dc:creator>ann</dc:creator><content:encoded><![CDATA[${htmlOf(i)}]]></content:encoded>` +
      `<wp:post_id>${i}</wp:post_id><wp:post_date_gmt>${date(i).slice(0, 19).replace("T", " ")}</wp:post_date_gmt>` +
      `<wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>` +
      `<category domain="category" nicename="c1"><![CDATA[c1]]></category></item>`,
  );
  writeFileSync(
    join(dir, "wordpress.xml"),
    `<?xml version="1.0"?><rss xmlns:wp="w" xmlns:dc="d" xmlns:content="c"><channel><title>Bench</title>` +
      `<wp:author><wp:author_login>ann</wp:author_login><wp:author_display_name>Ann</wp:author_display_name></wp:author>` +
      `${items.join("\n")}</channel></rss>`,
  );
  mkdirSync(join(dir, "md"));
  for (let i = 0; i < posts; i++) {
    const front = `---\ntitle: Post ${i}\ndate: ${date(i)}\ntags: [c1, c2]\nauthor: Ann\n---\n\n`;
    writeFileSync(join(dir, "md", `post-${i}.md`), front + markdownOf(i));
  }
}

type Store = ReturnType<typeof openSqliteStore>;

async function timed(
  dir: string,
  posts: number,
  name: string,
  run: (store: Store) => Promise<ImportSummary>,
) {
  const store = openSqliteStore(join(dir, `${name.replace(/\W+/g, "-")}.db`));
  await store.migrate();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const summary = await run(store);
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  await store.close();
  if (!summary.committed || summary.rejected > 0) {
    throw new Error(`${name}: ${JSON.stringify(summary.stopped ?? summary.rejections[0])}`);
  }
  return { name, posts, seconds, cpuSeconds, rate: posts / cpuSeconds };
}

const big = 2 ** 34;
async function runAll(dir: string, posts: number) {
  writeInputs(dir, posts);
  const at = (name: string) => join(dir, name);
  const run = (name: string, fn: (store: Store) => Promise<ImportSummary>) =>
    timed(dir, posts, name, fn);
  return [
    await run("NDJSON, markdown bodies", (s) => importNdjson(s, createReadStream(at("md.ndjson")))),
    await run("NDJSON, html bodies", (s) => importNdjson(s, createReadStream(at("html.ndjson")))),
    await run("--from ghost", (s) =>
      importRecords(s, CONVERTERS.ghost!(at("ghost.json"), { maxBytes: big })),
    ),
    await run("--from wordpress", (s) =>
      importRecords(s, CONVERTERS.wordpress!(at("wordpress.xml"), { maxBytes: big })),
    ),
    await run("--from markdown", (s) =>
      importRecords(s, CONVERTERS.markdown!(at("md"), { maxBytes: big })),
    ),
  ];
}

// A small round first, so that no source pays for the JIT's warm-up in the measured one.
mkdirSync(join(root, "warm"));
mkdirSync(join(root, "measured"));
await runAll(join(root, "warm"), 100);
const results = await runAll(join(root, "measured"), POSTS);
const baseline = results[0]!.rate;
console.table(
  results.map((r) => ({
    source: r.name,
    posts: r.posts,
    "wall s": r.seconds.toFixed(2),
    "CPU s": r.cpuSeconds.toFixed(2),
    "posts per CPU-second": r.rate.toFixed(0),
    "vs NDJSON+markdown": (r.rate / baseline).toFixed(2),
  })),
);
rmSync(root, { recursive: true, force: true });
