// folio export's NDJSON: secrets only when asked for and taken back by the import, one
// publication by slug or id, and one snapshot however the store is written meanwhile.
import { strict as assert } from "node:assert";
import { Writable } from "node:stream";
import { describe, it } from "node:test";
import { exportNdjson, UnknownPublicationChoice } from "../../src/export/ndjson.js";
import { importNdjson } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { makeKey } from "../helpers/authoring.js";
import { loadFixtures, ndjson } from "../helpers/fixtures.js";
import { GEN_PUBLICATION, generatedPost } from "../helpers/generated.js";
import { runFolio } from "../helpers/cli.js";
import { sqliteFactory, storeFactories } from "../helpers/stores.js";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** Collects what is written; with `pause`, waits that long before taking each chunk. */
class Sink extends Writable {
  text = "";
  constructor(private readonly pause?: () => Promise<void>) {
    super({ highWaterMark: 1024 });
  }
  override _write(chunk: Buffer, _enc: string, done: (error?: Error) => void) {
    this.text += chunk.toString();
    if (this.pause) this.pause().then(() => done(), done);
    else done();
  }
}

async function exportText(store: PostStore, options = {}) {
  const sink = new Sink();
  const counts = await exportNdjson(store, sink, options);
  return {
    text: sink.text,
    counts,
    lines: sink.text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const header = [
  { type: "publication", id: GEN_PUBLICATION, slug: "generated", name: "Generated" },
  { type: "author", id: "usr_gen", publicationId: GEN_PUBLICATION, name: "Gen" },
];

for (const factory of await storeFactories()) {
  describe(`folio export (${factory.name})`, () => {
    it("writes key hashes and endpoint secrets only with includeSecrets; the import takes them back", async (t) => {
      const source = await factory.create();
      const target = await factory.create();
      t.after(() => Promise.all([source.dispose(), target.dispose()]));
      await loadFixtures(source.store);
      const key = await makeKey(source.store, "pub_1");
      await source.store.createEndpoint({
        ...{ id: "whk_1", url: "https://hooks.example.com/in", includeContent: false },
        ...{ createdAt: 1_700_000_000_000, secret: SECRET },
      });
      const plain = await exportText(source.store);
      assert.ok(!plain.text.includes(key.record.hash), "no key hash without the flag");
      assert.ok(!plain.text.includes(SECRET), "no endpoint secret without the flag");
      assert.equal(plain.counts.apiKeys + plain.counts.webhookEndpoints, 0);

      const full = await exportText(source.store, { includeSecrets: true });
      assert.deepEqual(
        full.lines
          .filter((l) => l.type === "apiKey" || l.type === "webhookEndpoint")
          .map((l) => l.type),
        ["apiKey", "webhookEndpoint"],
      );
      const summary = await importNdjson(target.store, ndjson(full.lines));
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
      assert.equal((await target.store.findApiKey(key.record.hash))?.id, key.record.id);
      assert.deepEqual(await target.store.listEndpoints(), await source.store.listEndpoints());
      // Importing the same file again changes nothing and refuses nothing.
      const again = await importNdjson(target.store, ndjson(full.lines));
      assert.equal(again.rejected, 0);
      assert.equal((await exportText(target.store, { includeSecrets: true })).text, full.text);
      // Nothing of the file's own posts is queued for the endpoint it brought.
      assert.equal((await target.store.listDeliveries({ limit: 10 })).length, 0);
    });

    it("limits the export to one publication, named by slug or by id", async (t) => {
      const { store, dispose } = await factory.create();
      t.after(dispose);
      await loadFixtures(store);
      const bySlug = await exportText(store, { publication: "blog" });
      const byId = await exportText(store, { publication: "pub_1" });
      assert.equal(bySlug.text, byId.text);
      const pubs = new Set(
        bySlug.lines.map((l) => (l.type === "publication" ? l.id : l.publicationId)),
      );
      assert.deepEqual([...pubs], ["pub_1"]);
      assert.ok(bySlug.counts.posts > 0);
      await assert.rejects(exportText(store, { publication: "nope" }), UnknownPublicationChoice);
    });

    it("reads one snapshot: what is written while it runs is not in it, and it ends whole", async (t) => {
      const { store, dispose } = await factory.create();
      t.after(dispose);
      const before = Array.from({ length: 1200 }, (_, i) => generatedPost(i));
      assert.equal((await importNdjson(store, ndjson([...header, ...before]))).rejected, 0);
      let writes = 0;
      // The reader is slow: between its chunks, other writers add posts and rename one.
      const sink = new Sink(async () => {
        const i = 100_000 + writes++;
        const late = [generatedPost(i), { ...generatedPost(5), title: `Renamed ${i}` }];
        const summary = await importNdjson(store, ndjson(late));
        assert.equal(summary.rejected, 0);
      });
      const counts = await exportNdjson(store, sink);
      assert.ok(writes > 3, `writes happened during the export (${writes})`);
      assert.equal(counts.posts, before.length);
      const posts = sink.text
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as { type: string; title: string; id: string });
      const exported = posts.filter((p) => p.type === "post");
      assert.equal(exported.length, before.length);
      assert.equal(exported.find((p) => p.id === "pst_gen_5")?.title, "Generated post 5");
      assert.equal(await store.countPosts(), before.length + writes);
    });
  });
}

describe("folio export on the command line", () => {
  it("words a bad choice and a missing DIR, and is listed in folio help", async (t) => {
    const { store, url, dispose } = await sqliteFactory.create();
    t.after(dispose);
    await loadFixtures(store);
    const env = { DATABASE_URL: url };
    const unknown = await runFolio(["export", "--publication", "nope"], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no publication has the slug or id "nope"/);
    const noDir = await runFolio(["export", "--format", "markdown"], env);
    assert.equal(noDir.code, 2);
    assert.match(noDir.stderr, /needs a DIR/);
    const help = await runFolio(["help"], env);
    assert.match(help.stdout, /^ {2}export /m);
    assert.match(help.stdout, /^ {2}backup /m);
  });
});
