// Exports as the platforms write them, not as we would: dates in the shapes Ghost's databases
// give back, a WordPress export that leaves out an author its posts name, classic WordPress
// text against the output of WordPress's own wpautop, and, where they are on this machine,
// the platforms' own sample exports (Ghost's export fixtures, WordPress's theme unit test
// data), each imported whole with every visible post served and every hidden one a 404.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test, type TestContext } from "node:test";
import { SaxesParser } from "saxes";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { autop } from "../../src/import/from/autop.js";
import { CONVERTERS } from "../../src/import/from/index.js";
import { importRecords } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { sqliteFactory } from "../helpers/stores.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const GOLDEN = join(ROOT, "test/import/fixtures/wpautop-golden.json");
/** The platforms' own sample exports: see test/import/fixtures/README.md. */
const UPSTREAM = process.env.FOLIO_UPSTREAM_FIXTURES ?? join(ROOT, "../shared/fixtures/upstream");

async function setUp(t: TestContext) {
  const { store, dispose } = await sqliteFactory.create();
  t.after(() => dispose());
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT: "0" }),
    ...{ store, logger: false },
  });
  t.after(() => app.close());
  return { store, app };
}

async function run(store: PostStore, format: string, path: string) {
  return importRecords(store, CONVERTERS[format]!(path, { maxBytes: 64 * 1024 * 1024 }));
}

function tempFile(t: TestContext, name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-real-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

test("classic WordPress text gets the paragraphs WordPress's own wpautop gives it", () => {
  const cases = JSON.parse(readFileSync(GOLDEN, "utf8")) as { input: string; wpautop: string }[];
  assert.ok(cases.length >= 10);
  for (const { input, wpautop } of cases) assert.equal(autop(input), wpautop, input);
});

test("a Ghost export's dates are read as UTC in every shape its databases write them; members-only posts stay hidden", async (t) => {
  // Ghost keeps UTC; SQLite gives it back with no zone, MySQL as an ISO string with Z, and
  // an older SQLite database as epoch milliseconds. None may depend on the machine's zone.
  const zone = process.env.TZ;
  process.env.TZ = "Pacific/Auckland";
  t.after(() => (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
  const post = (id: string, extra: object) => ({
    ...{ id, uuid: `u-${id}`, title: `Post ${id}`, slug: `post-${id}`, html: "<p>Hi</p>" },
    ...{ type: "post", status: "published", author_id: "1", ...extra },
  });
  const exported = {
    db: [
      {
        meta: { exported_on: 1716000000000, version: "5.82.0" },
        data: {
          settings: [{ key: "title", value: "Dates" }],
          users: [{ id: "1", name: "Ada", slug: "ada" }],
          posts: [
            post("sqlite", {
              published_at: "2024-01-02 03:04:05",
              updated_at: "2024-01-03 04:05:06",
            }),
            post("mysql", {
              published_at: "2024-01-02T03:04:05.000Z",
              updated_at: "2024-01-03T04:05:06.000Z",
            }),
            post("epoch", { published_at: Date.UTC(2024, 0, 2, 3, 4, 5), updated_at: null }),
            post("scheduled", { status: "scheduled", published_at: "2098-01-01 00:00:00" }),
            post("draft", { status: "draft", published_at: null }),
            post("v2-page", { type: undefined, page: 1, published_at: "2024-01-02 03:04:05" }),
            post("members", { visibility: "members", published_at: "2024-01-02 03:04:05" }),
            post("paid", { visibility: "paid", published_at: "2024-01-02 03:04:05" }),
            post("public", { visibility: "public", published_at: "2024-01-02 03:04:05" }),
          ],
          posts_authors: [],
          posts_tags: [],
          tags: [],
        },
      },
    ],
  };
  const { store, app } = await setUp(t);
  const summary = await run(store, "ghost", tempFile(t, "ghost.json", JSON.stringify(exported)));
  assert.deepEqual(
    [summary.committed, summary.rejected, summary.skipped],
    [true, 0, { "ghost page": 1 }],
  );
  const at = async (id: string) =>
    (await store.findPostById(`ghost-${id}`, { withContent: false }))!;
  for (const id of ["sqlite", "mysql", "epoch", "public"]) {
    assert.equal((await at(id)).publishedAt, Date.UTC(2024, 0, 2, 3, 4, 5), id);
    assert.equal((await app.inject({ url: `/v1/posts/ghost-${id}` })).statusCode, 200, id);
  }
  assert.equal((await at("sqlite")).updatedAt, Date.UTC(2024, 0, 3, 4, 5, 6));
  assert.equal((await at("scheduled")).publishedAt, Date.UTC(2098, 0, 1));
  // Members-only and paid posts were never public: kept, as drafts.
  assert.equal((await at("paid")).status, "draft");
  for (const id of ["scheduled", "draft", "v2-page", "members", "paid"]) {
    assert.equal((await app.inject({ url: `/v1/posts/ghost-${id}` })).statusCode, 404, id);
  }
});

test("a WordPress author named only by a post's dc:creator becomes an author; titles are text", async (t) => {
  const item = (id: number, creator: string, title: string, extra = "") => `
    <item><title>${title}</title><dc:creator><![CDATA[${creator}]]></dc:creator>
      <content:encoded><![CDATA[<strong>Headings</strong>
<h1>Header one</h1>
<h2>Header two</h2>
Text after.]]></content:encoded>
      <wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2024-01-02 03:04:05</wp:post_date_gmt>
      <wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status>
      <wp:post_type>post</wp:post_type>${extra}</item>`;
  const wxr = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Incomplete</title>
  <wp:author><wp:author_login>ann</wp:author_login><wp:author_display_name>Ann</wp:author_display_name></wp:author>
  ${item(1, "ann", "Plain")}
  ${item(2, "bob", "Markup: Title &lt;em&gt;With&lt;/em&gt; &amp;amp; more")}
  ${item(3, "bob", "Locked", "<wp:post_password>enter</wp:post_password>")}
</channel></rss>`;
  const { store, app } = await setUp(t);
  const summary = await run(store, "wordpress", tempFile(t, "wp.xml", wxr));
  assert.deepEqual([summary.committed, summary.rejected], [true, 0]);
  const reply = await app.inject({ url: "/v1/posts/wordpress-2?includeContent=true" });
  assert.equal(reply.statusCode, 200);
  const served = reply.json();
  assert.equal(served.title, "Markup: Title With & more");
  assert.deepEqual(
    served.authors.map((a: { name: string }) => a.name),
    ["bob"],
  );
  assert.equal(
    served.staticHtml,
    "<p><strong>Headings</strong></p><h1>Header one</h1><h2>Header two</h2><p>Text after.</p>",
  );
  assert.equal((await app.inject({ url: "/v1/posts/wordpress-1" })).statusCode, 200);
  // A password keeps a post from WordPress's public; it stays hidden here too.
  assert.equal((await app.inject({ url: "/v1/posts/wordpress-3" })).statusCode, 404);
});

interface Visibility {
  id: string;
  visible: boolean;
}

/** Which of a WXR file's items a reader of the WordPress site sees, read with a plain parser. */
function wordpressVisibility(path: string): { posts: Visibility[]; hidden: Visibility[] } {
  const parser = new SaxesParser();
  const items: Record<string, string>[] = [];
  let item: Record<string, string> | undefined;
  let text = "";
  parser.on("opentag", (tag) => {
    if (tag.name === "item") item = {};
    text = "";
  });
  parser.on("text", (t) => (text += t));
  parser.on("cdata", (t) => (text += t));
  parser.on("closetag", (tag) => {
    if (tag.name === "item") {
      items.push(item!);
      item = undefined;
    } else if (item && tag.name.startsWith("wp:") && !(tag.name in item))
      item[tag.name] = text.trim();
  });
  parser.write(readFileSync(path, "utf8")).close();
  const now = Date.now();
  const posts: Visibility[] = [];
  const hidden: Visibility[] = [];
  for (const i of items) {
    const id = `wordpress-${i["wp:post_id"]}`;
    if (i["wp:post_type"] !== "post") {
      hidden.push({ id, visible: false });
      continue;
    }
    if (i["wp:status"] === "trash") continue;
    const date = Date.parse(`${i["wp:post_date_gmt"]!.replace(" ", "T")}Z`);
    const visible =
      ["publish", "future"].includes(i["wp:status"]!) && !i["wp:post_password"] && date <= now;
    posts.push({ id, visible });
  }
  return { posts, hidden };
}

/** Which of a Ghost export's posts a reader of the Ghost site sees. */
function ghostVisibility(path: string): { posts: Visibility[]; pages: Visibility[] } {
  const data = JSON.parse(readFileSync(path, "utf8")).db[0].data;
  const now = Date.now();
  const posts: Visibility[] = [];
  const pages: Visibility[] = [];
  for (const p of data.posts) {
    const id = `ghost-${p.id}`;
    if (p.type === "page" || p.page === 1 || p.page === true) {
      pages.push({ id, visible: false });
      continue;
    }
    const open = p.visibility === undefined || p.visibility === null || p.visibility === "public";
    const published = open && ["published", "scheduled"].includes(p.status);
    const time = p.published_at;
    const zoned = typeof time === "string" && /(Z|[+-]\d\d:?\d\d)$/.test(time);
    const at =
      typeof time === "number"
        ? time
        : Date.parse(zoned ? time : `${String(time).replace(" ", "T")}Z`);
    posts.push({ id, visible: published && at <= now });
  }
  return { posts, pages };
}

async function assertServed(
  app: Awaited<ReturnType<typeof setUp>>["app"],
  expected: Visibility[],
): Promise<void> {
  for (const { id, visible } of expected) {
    const reply = await app.inject({
      url: `/v1/posts/${encodeURIComponent(id)}?includeContent=true`,
    });
    assert.equal(reply.statusCode, visible ? 200 : 404, id);
    if (visible) assert.doesNotMatch(reply.json().staticHtml, /<p><br \/><\/p>/, id);
  }
}

const WP_UNIT = join(UPSTREAM, "wordpress/themeunittestdata.wordpress.xml");
test("WordPress's theme unit test data imports whole", { skip: missing(WP_UNIT) }, async (t) => {
  const { store, app } = await setUp(t);
  const summary = await run(store, "wordpress", WP_UNIT);
  assert.deepEqual([summary.committed, summary.rejected], [true, 0]);
  const { posts, hidden } = wordpressVisibility(WP_UNIT);
  assert.equal(await store.countPosts(), posts.length);
  assert.ok(posts.some((p) => p.visible) && posts.some((p) => !p.visible));
  await assertServed(app, [...posts, ...hidden]);
  const markup = (await store.findPostById("wordpress-1178", { withContent: false }))!;
  assert.equal(markup.title, "Markup: HTML Tags and Formatting");
});

const GHOST_DIR = join(UPSTREAM, "ghost");
const ghostFiles = existsSync(GHOST_DIR)
  ? readdirSync(GHOST_DIR).filter((f) => /^v\d+_export\.json$/.test(f))
  : [];
test("Ghost's own export fixtures import whole", { skip: missing(GHOST_DIR) }, async (t) => {
  assert.ok(ghostFiles.length > 0, `no vN_export.json in ${GHOST_DIR}`);
  for (const file of ghostFiles) {
    await t.test(file, async (t) => {
      const { store, app } = await setUp(t);
      const summary = await run(store, "ghost", join(GHOST_DIR, file));
      assert.deepEqual([summary.committed, summary.rejected], [true, 0]);
      const { posts, pages } = ghostVisibility(join(GHOST_DIR, file));
      assert.equal(await store.countPosts(), posts.length);
      await assertServed(app, [...posts, ...pages]);
    });
  }
});

/** The reason a test of a platform's sample export cannot run here, if it cannot. */
function missing(path: string): string | false {
  return existsSync(path)
    ? false
    : `${path} is not here (set FOLIO_UPSTREAM_FIXTURES; test/import/fixtures/README.md)`;
}
