// folio backup: an online copy of a SQLite store taken while another process writes to it;
// every post committed before the backup began is in the copy, which opens and serves, and
// so is every stored image, byte for byte.
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { setImmediate } from "node:timers/promises";
import sharp from "sharp";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { representPost } from "../../src/http/wire/representation.js";
import { importNdjson } from "../../src/import/run-import.js";
import { EXTENSIONS, processImage } from "../../src/media/images.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { FOLIO_BIN, runFolio } from "../helpers/cli.js";
import { NOW, ndjson } from "../helpers/fixtures.js";
import { GEN_PUBLICATION, generatedPost } from "../helpers/generated.js";

const header = [
  { type: "publication", id: GEN_PUBLICATION, slug: "generated", name: "Generated" },
  { type: "author", id: "usr_gen", publicationId: GEN_PUBLICATION, name: "Gen" },
];

describe("folio backup", () => {
  it("copies a store while posts are written, and the copy restores and serves", async (t) => {
    const dir = mkdtempSync(join(tmpdir(), "folio-backup-"));
    const path = join(dir, "folio.db");
    const copy = join(dir, "copy.db");
    const store = openSqliteStore(path, { represent: representPost });
    t.after(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await store.migrate();
    // Committed posts stay in the write-ahead log, not yet in the main file: a backup that
    // copied the file's bytes would miss them; one that reads the database must not.
    store.db.pragma("wal_autocheckpoint = 0");
    const committed = Array.from({ length: 3000 }, (_, i) => generatedPost(i));
    assert.equal((await importNdjson(store, ndjson([...header, ...committed]))).rejected, 0);
    const png = await sharp({
      create: { width: 700, height: 300, channels: 3, background: { r: 9, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const limits = { maxBytes: 1024 * 1024, maxPixels: 1_000_000 };
    const image = await processImage(png, GEN_PUBLICATION, limits, NOW);
    await store.saveMedia(image.media, image.variants);

    // The backup runs in its own process; this one keeps committing posts until it ends.
    const child = spawn(process.execPath, [FOLIO_BIN, "backup", copy], {
      env: { ...process.env, DATABASE_URL: path, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    let done = false;
    void exited.then(() => (done = true));
    let written = 0;
    while (!done) {
      // A SQLite import of one line never waits on I/O: without a turn of the event loop
      // the child's exit would never be heard.
      await setImmediate();
      const i = 1_000_000 + written++;
      assert.equal((await importNdjson(store, ndjson([generatedPost(i)]))).rejected, 0);
    }
    assert.equal(await exited, 0, output);
    assert.match(output, /integrity ok/);
    assert.ok(written > 0, "posts were written while the backup ran");
    assert.ok(!existsSync(`${copy}.partial`));

    // Restore: the copy is opened as a store in its own right, and serves.
    const restored = openSqliteStore(copy, { represent: representPost });
    t.after(() => restored.close());
    await restored.migrate();
    const count = await restored.countPosts();
    assert.ok(count >= committed.length && count <= committed.length + written, `${count}`);
    const config = loadConfig({
      LOG_LEVEL: "silent",
      RATE_LIMIT: "0",
      MAX_EVENT_LOOP_DELAY_MS: "0",
    });
    const app = await buildApp({ config, store: restored, clock: () => NOW, logger: false });
    t.after(() => app.close());
    const original = await buildApp({ config, store, clock: () => NOW, logger: false });
    t.after(() => original.close());
    for (const post of committed.filter((_, i) => i % 50 === 0)) {
      const url = `/v1/posts/${post.id}?includeContent=true`;
      const [a, b] = [await app.inject(url), await original.inject(url)];
      assert.equal(a.statusCode, 200, url);
      assert.equal(a.body, b.body, url);
      assert.equal(a.headers.etag, b.headers.etag, url);
    }
    for (const width of image.media.widths) {
      const url = `/media/${image.media.id}/${width}.${EXTENSIONS[image.media.format]}`;
      const [a, b] = [await app.inject(url), await original.inject(url)];
      assert.equal(a.statusCode, 200, url);
      assert.ok(a.rawPayload.equals(b.rawPayload), url);
      assert.equal(a.headers.etag, b.headers.etag, url);
    }
    assert.equal(image.media.widths.length, 3);
    const snapshot = await restored.openSnapshot();
    const ids = new Set<string>();
    for (let after = ""; ;) {
      const page = await snapshot.posts({ after, limit: 1000 });
      page.forEach((p) => ids.add(p.id));
      if (page.length < 1000) break;
      after = page.at(-1)!.id;
    }
    await snapshot.close();
    for (const post of committed) assert.ok(ids.has(post.id), post.id);

    const again = await runFolio(["backup", copy], { DATABASE_URL: path });
    assert.equal(again.code, 1, "an existing file is never overwritten");
    assert.match(again.stderr, /exists already/);
  });
});
