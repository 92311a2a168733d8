// Stored response bytes on every store: byte-identical to what the serializer
// builds from the record, for the demo set, the fixtures and a generated set; refreshed by
// an author's change, an API update and a re-render; gone with the post; filled on migrate.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, createReadStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadDemo } from "../../src/cli/demo.js";
import { importNdjson } from "../../src/import/run-import.js";
import { ContentDeriver } from "../../src/posts/derive.js";
import { PostWrites } from "../../src/posts/post-writes.js";
import { loadConfig } from "../../src/config/index.js";
import { openStore } from "../../src/store/open-store.js";
import { NOW, loadFixtures, records } from "../helpers/fixtures.js";
import { writeGeneratedFile } from "../helpers/generated.js";
import { assertStoredMatch, runBehind, storedBodies } from "../helpers/stored-bytes.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const usr1 = records.find((r) => r.id === "usr_1")!;

for (const factory of await storeFactories()) {
  describe(`stored bytes (${factory.name})`, () => {
    test("the demo set and the fixtures: stored bytes and ETags are the serializer's", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadDemo(store);
        await loadFixtures(store);
        assert.ok((await assertStoredMatch(store, factory, url)) > 8);
      } finally {
        await dispose();
      }
    });

    // PostgreSQL hands the content columns over as bytes (store/postgres/byte-columns.ts),
    // which only the `Utf8` ending of their names in the shared statements asks for.
    test("a read with content hands the content as the store reads it", async () => {
      const { store, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const bytes = factory.name === "postgres";
        const byId = await store.findStoredById("pst_1", true, NOW);
        const bySlugs = await store.findStoredBySlugs("blog", "hello-world", true, NOW);
        for (const found of [byId, bySlugs]) {
          const content = found?.content;
          assert.ok(content, "read with its content");
          for (const part of [content.staticHtml, content.json, content.markdown]) {
            assert.equal(Buffer.isBuffer(part), bytes, `${typeof part} from ${factory.name}`);
          }
          const record = await store.findPostById("pst_1", {
            withContent: true,
            visibleAt: NOW,
          });
          assert.equal(content.markdown.toString(), record?.content?.markdown);
        }
      } finally {
        await dispose();
      }
    });

    test("a generated set, imported in batches", async () => {
      const { store, url, dispose } = await factory.create();
      const dir = mkdtempSync(join(tmpdir(), "folio-bytes-"));
      try {
        const file = join(dir, "gen.ndjson");
        await writeGeneratedFile(file, 1200);
        const summary = await importNdjson(store, createReadStream(file), { batchSize: 250 });
        assert.equal(summary.committed, true);
        assert.equal(await assertStoredMatch(store, factory, url), 1200);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await dispose();
      }
    });

    test("an author's change rewrites every post that shows it; a same line none", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const before = await storedBodies(factory, url);
        await importLines(store, [usr1]);
        const same = await storedBodies(factory, url);
        assert.deepEqual([...same.values()], [...before.values()]);
        await importLines(store, [{ ...usr1, name: "Ada Lovelace", bio: "Computes." }]);
        const after = await storedBodies(factory, url);
        assert.notEqual(after.get("pst_1+")!.etag, before.get("pst_1+")!.etag);
        assert.match(after.get("pst_1")!.body.toString(), /Ada Lovelace/);
        await assertStoredMatch(store, factory, url);
      } finally {
        await dispose();
      }
    });

    // The bodies of the posts a batch wrote are made from the content it wrote, not read back.
    test("a post written twice in one batch keeps the bytes of its second line", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const post = records.find((r) => r.id === "pst_1")!;
        const rest = Object.fromEntries(Object.entries(post).filter(([key]) => key !== "json"));
        await importLines(store, [
          { ...rest, markdown: "The first body." },
          { ...rest, markdown: "The **second** body." },
        ]);
        const stored = await storedBodies(factory, url);
        assert.match(stored.get("pst_1+")!.body.toString(), /<strong>second<\/strong>/);
        assert.doesNotMatch(stored.get("pst_1+")!.body.toString(), /first body/);
        await assertStoredMatch(store, factory, url);
      } finally {
        await dispose();
      }
    });

    test("an API update, a re-render and a delete refresh the stored bytes", async () => {
      const { store, url, dispose } = await factory.create();
      const deriver = new ContentDeriver(1);
      try {
        await loadFixtures(store);
        const writes = new PostWrites(store, deriver);
        await writes.update("pub_1", { id: "pst_1" }, { title: "Renamed", markdown: "# New" });
        const updated = await storedBodies(factory, url);
        assert.match(updated.get("pst_1")!.body.toString(), /"title":"Renamed"/);
        await assertStoredMatch(store, factory, url);

        const [source] = await store.listPostSources("pst_1", 1);
        assert.ok(source);
        const html = "<p>re-rendered</p>";
        const update = {
          ...source,
          staticHtml: html,
          markdown: "re-rendered",
          rendererVersion: 99,
        };
        await store.updateDerived([update]);
        const rerendered = await storedBodies(factory, url);
        assert.match(rerendered.get(`${source.id}+`)!.body.toString(), /re-rendered/);
        await assertStoredMatch(store, factory, url);

        await writes.remove("pub_1", { id: "pst_1" });
        const left = await storedBodies(factory, url);
        assert.equal(left.has("pst_1") || left.has("pst_1+"), false);
      } finally {
        await deriver.close();
        await dispose();
      }
    });

    test("a re-render that comes out as stored writes nothing but the renderer version", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const found = await store.findPostById("pst_1", { withContent: true });
        const versionOf = async (id: string) =>
          (await store.listPostSources("", 100)).find((s) => s.id === id)!.rendererVersion;
        const same = { id: "pst_1", ...found!.content!, rendererVersion: await versionOf("pst_1") };
        const before = await storedBodies(factory, url);

        assert.equal(await store.updateDerived([same]), 0);
        const moved = { ...same, rendererVersion: same.rendererVersion + 7 };
        assert.equal(await store.updateDerived([moved]), 0);
        assert.equal(await versionOf("pst_1"), moved.rendererVersion);
        const after = await storedBodies(factory, url);
        for (const key of ["pst_1", "pst_1+"])
          assert.equal(after.get(key)?.etag, before.get(key)!.etag, key);
        await assertStoredMatch(store, factory, url);

        const other = await store.findPostById("pst_unicode", { withContent: true });
        const changed = { ...moved, staticHtml: "<p>new</p>" };
        const untouched = { id: "pst_unicode", ...other!.content!, rendererVersion: 0 };
        assert.equal(await store.updateDerived([changed, untouched]), 1);
        const read = await store.findPostById("pst_1", { withContent: true });
        assert.deepEqual(read?.content, { ...found!.content!, staticHtml: "<p>new</p>" });
        assert.equal(await versionOf("pst_unicode"), 0);
        await assertStoredMatch(store, factory, url);
      } finally {
        await dispose();
      }
    });

    test("a write by a store without a Represent drops the bytes; migrate fills them", async () => {
      const { store, url, dispose } = await factory.create();
      const bare = await openStore(loadConfig({ DATABASE_URL: url }).database);
      try {
        await loadFixtures(store);
        await importLines(bare, [{ ...records.find((r) => r.id === "pst_1")!, title: "Bare" }]);
        const kept = await storedBodies(factory, url);
        assert.equal(kept.has("pst_1"), false, "no stale body is left to serve");
        const found = await store.findStoredById("pst_1", false, NOW);
        assert.equal(found?.slug, "hello-world");
        assert.equal(found?.body, undefined, "the reader falls back to the record");
        await store.migrate();
        await assertStoredMatch(store, factory, url);
      } finally {
        await bare.close();
        await dispose();
      }
    });

    test("an older Folio's row, its body with content whole, is read from the record until filled", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const [whole, stale] =
          factory.name === "sqlite" ? ["1", "X'7374616c65'"] : ["true", "'stale'"];
        await runBehind(
          factory,
          url,
          `UPDATE post_bytes SET full_etag = NULL, content_at = NULL WHERE post_id = 'pst_1';
          INSERT INTO post_bytes (post_id, content, etag, body)
            VALUES ('pst_1', ${whole}, '"stale"', ${stale})`,
        );
        const withContent = await store.findStoredById("pst_1", true, NOW);
        assert.equal(withContent?.slug, "hello-world");
        assert.equal(withContent?.body, undefined, "the reader falls back to the record");
        const meta = await store.findStoredById("pst_1", false, NOW);
        assert.ok(meta?.body && meta.etag, "the body without content is served as stored");
        await store.migrate();
        const filled = await store.findStoredById("pst_1", true, NOW);
        assert.ok(filled?.content && filled.etag !== '"stale"');
        await assertStoredMatch(store, factory, url);

        // An older Folio's upsert sets the body and its ETag alone; the place beside them was
        // made for the body it replaced, so it goes with it.
        // Longer than the old body: its place is inside it.
        const other = factory.name === "sqlite" ? "zeroblob(4000)" : "repeat('x', 4000)";
        await runBehind(
          factory,
          url,
          `UPDATE post_bytes SET etag = '"older"', body = ${other} WHERE post_id = 'pst_1'`,
        );
        const replaced = await store.findStoredById("pst_1", true, NOW);
        assert.equal(replaced?.body, undefined, "no content is put in at another body's place");
        const unchanged = await store.findStoredById("pst_unicode", true, NOW);
        assert.ok(unchanged?.content, "a row whose body did not change keeps its place");
        await runBehind(
          factory,
          url,
          `UPDATE post_bytes SET etag = '"moved"' WHERE post_id = 'pst_unicode'`,
        );
        assert.ok((await store.findStoredById("pst_unicode", true, NOW))?.content);
      } finally {
        await dispose();
      }
    });

    test("many reads at once answer as each alone does (PostgreSQL joins them)", async () => {
      const { store, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        const ids = records.filter((r) => r.type === "post").map((r) => r.id);
        const lookups = [...ids, "pst_missing", "bad\0id"];
        const slugPairs = records
          .filter((r) => r.type === "post")
          .map((r) => [r.publicationId === "pub_1" ? "blog" : "Other-Pub", r.slug as string]);
        for (const at of [NOW, NOW - 86_400_000 * 400]) {
          for (const withContent of [false, true]) {
            const alone = [];
            for (const id of lookups) alone.push(await store.findStoredById(id, withContent, at));
            for (const [p, s] of slugPairs)
              alone.push(await store.findStoredBySlugs(p!, s!, withContent, at));
            const together = await Promise.all([
              ...lookups.map((id) => store.findStoredById(id, withContent, at)),
              ...slugPairs.map(([p, s]) => store.findStoredBySlugs(p!, s!, withContent, at)),
            ]);
            assert.deepEqual(together, alone);
            if (at === NOW) assert.ok(alone.some((found) => found !== undefined));
            assert.ok(alone.some((found) => found === undefined));
          }
        }
      } finally {
        await dispose();
      }
    });

    test("a change made behind Folio's back drops the bodies it makes stale", async () => {
      const { store, url, dispose } = await factory.create();
      try {
        await loadFixtures(store);
        await runBehind(
          factory,
          url,
          "UPDATE posts SET title = 'Edited elsewhere' WHERE id = 'pst_1'",
        );
        let kept = await storedBodies(factory, url);
        assert.equal(kept.has("pst_1") || kept.has("pst_1+"), false);
        assert.ok(kept.size > 0, "other posts keep theirs");
        const found = await store.findStoredById("pst_1", false, NOW);
        assert.equal(found?.body, undefined, "the reader falls back to the record");
        await runBehind(
          factory,
          url,
          "UPDATE authors SET name = 'Renamed elsewhere' WHERE id = 'usr_1'",
        );
        kept = await storedBodies(factory, url);
        const showing = records.filter((r) => r.type === "post" && r.authorIds?.includes("usr_1"));
        assert.ok(showing.length > 0);
        for (const post of showing) assert.equal(kept.has(post.id), false, post.id);
        await store.migrate();
        await assertStoredMatch(store, factory, url);
      } finally {
        await dispose();
      }
    });
  });
}
