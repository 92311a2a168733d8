// folio export --format markdown: a folder per publication, a file per post, read back by
// Folio's own Markdown-folder import as the same posts, and front matter that a standard
// YAML parser reads with the fields Hugo and Astro use.
import { strict as assert } from "node:assert";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { exportMarkdown } from "../../src/export/markdown.js";
import { fromMarkdownFolder } from "../../src/import/from/markdown-folder.js";
import { importNdjson, importRecords } from "../../src/import/run-import.js";
import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PostRecord, PostStore } from "../../src/store/post-store.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { sqliteFactory } from "../helpers/stores.js";

const DEMO = fileURLToPath(new URL("../../../demo/demo.ndjson", import.meta.url));

async function source(t: { after: (f: () => Promise<void>) => void }) {
  const made = await sqliteFactory.create();
  const dir = mkdtempSync(join(tmpdir(), "folio-md-"));
  t.after(async () => {
    await made.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  await loadFixtures(made.store);
  assert.equal((await importNdjson(made.store, createReadStream(DEMO))).rejected, 0);
  return { store: made.store, dir };
}

/** Every post of the store, with content, whatever its status. */
async function allPosts(store: PostStore): Promise<PostRecord[]> {
  const snapshot = await store.openSnapshot();
  const ids = (await snapshot.posts({ after: "", limit: 10_000 })).map((p) => p.id);
  await snapshot.close();
  const posts = await Promise.all(ids.map((id) => store.findPostById(id, { withContent: true })));
  return posts.map((p) => p!);
}

describe("folio export --format markdown", () => {
  it("writes a tree that Folio's Markdown-folder import reads back as the same posts", async (t) => {
    const { store, dir } = await source(t);
    const counts = await exportMarkdown(store, dir);
    const posts = await allPosts(store);
    assert.equal(counts.posts, posts.length);
    const back = await sqliteFactory.create();
    t.after(() => back.dispose());
    const folders = readdirSync(dir);
    const publications = new Set(posts.map((p) => p.publicationSlug));
    assert.deepEqual(folders.sort(), [...publications].sort());
    for (const folder of folders) {
      const items = fromMarkdownFolder(join(dir, folder), { publication: folder, maxBytes: 1e9 });
      const summary = await importRecords(back.store, items);
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
    }
    assert.equal(await back.store.countPosts(), posts.length);
    for (const post of posts) {
      const read = await back.store.findPostBySlugs(post.publicationSlug, post.slug, {
        withContent: true,
      });
      assert.ok(read, `${post.publicationSlug}/${post.slug} read back`);
      const where = `${post.id}`;
      assert.equal(read.title, post.title, where);
      assert.equal(read.status, post.status === "published" ? "published" : "draft", where);
      assert.equal(read.publishedAt, post.publishedAt, where);
      assert.equal(read.updatedAt, post.updatedAt, where);
      assert.equal(read.subtitle, post.subtitle, where);
      assert.equal(read.imageUrl, post.imageUrl, where);
      assert.deepEqual(read.categories, post.categories, where);
      assert.deepEqual(
        read.authors.map((a) => a.name),
        post.authors.map((a) => a.name),
        where,
      );
      assert.equal(read.content!.markdown, post.content!.markdown, where);
    }
  });

  it("writes front matter a standard YAML parser reads, with Hugo's and Astro's fields", async (t) => {
    const { store, dir } = await source(t);
    await exportMarkdown(store, dir);
    const posts = await allPosts(store);
    let files = 0;
    for (const post of posts) {
      const text = readFileSync(join(dir, post.publicationSlug, `${post.slug}.md`), "utf8");
      const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
      assert.ok(match, `${post.id}: front matter between --- lines`);
      const data = parse(match[1]!) as Record<string, unknown>;
      files++;
      assert.equal(data.title, post.title);
      assert.equal(data.slug, post.slug);
      assert.equal(data.draft, post.status !== "published");
      if (post.publishedAt !== undefined) {
        assert.equal(Date.parse(data.date as string), post.publishedAt);
        assert.equal(Date.parse(data.pubDate as string), post.publishedAt);
      }
      assert.equal(Date.parse(data.lastmod as string), post.updatedAt);
      assert.deepEqual(data.tags ?? [], post.categories);
      assert.equal(data.description, post.subtitle);
      assert.deepEqual(
        data.authors ?? [],
        post.authors.map((a) => a.name),
      );
      assert.equal(data.image, post.imageUrl);
      assert.equal(data.heroImage, post.imageUrl);
    }
    assert.equal(files, posts.length);
  });
});
