// Every option that names a publication (keys, webhooks, import --from, export, desk invite)
// takes its slug, as people have it from its URLs (with or without the `@`), or its id; on
// every store.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runFolio } from "../helpers/cli.js";
import { loadFixtures } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const dir = mkdtempSync(join(tmpdir(), "folio-publication-option-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of one Markdown post, for import --from markdown. */
function markdownFolder(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, "first-light.md"),
    "---\ntitle: First light\ndate: 2024-03-01T08:00:00Z\n---\nThe sun came up.\n",
  );
  return folder;
}

for (const factory of await storeFactories()) {
  describe(`--publication takes a slug or an id (${factory.name})`, () => {
    it("keys create: by slug, by @slug and by id; unknown and ambiguous names are refused", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url };
      for (const [name, id] of [
        ["blog", "pub_1"],
        ["@blog", "pub_1"],
        ["pub_2", "pub_2"],
        ["Other-Pub", "pub_2"],
      ]) {
        const created = await runFolio(["keys", "create", "--publication", name!], env);
        assert.equal(created.code, 0, created.stderr);
        assert.match(
          created.stderr,
          new RegExp(`created key key_\\S+ for publication \\S+ \\(${id}\\)`),
        );
      }
      const owners = (await db.store.listApiKeys()).map((key) => key.publicationId).sort();
      assert.deepEqual(owners, ["pub_1", "pub_1", "pub_2", "pub_2"]);

      const unknown = await runFolio(["keys", "create", "--publication", "nope"], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /--publication: unknown publication nope/);

      // A publication whose id is another one's slug: the name alone cannot choose.
      const third = JSON.stringify({
        type: "publication",
        id: "blog",
        slug: "third",
        name: "Third",
      });
      assert.equal((await runFolio(["import", "-"], env, `${third}\n`)).code, 0);
      const ambiguous = await runFolio(["keys", "create", "--publication", "blog"], env);
      assert.equal(ambiguous.code, 2);
      assert.match(
        ambiguous.stderr,
        /--publication blog is the id of one publication and the slug of another \(id pub_1\)/,
      );
      assert.equal((await db.store.listApiKeys()).length, 4, "nothing written");
    });

    it("webhooks add and list: by slug", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: "true" };
      const url = "http://127.0.0.1:9/hook";
      const added = await runFolio(["webhooks", "add", url, "--publication", "blog"], env);
      assert.equal(added.code, 0, added.stderr);
      const endpoints = await db.store.listEndpoints("pub_1");
      assert.equal(endpoints.length, 1);
      const listed = await runFolio(["webhooks", "list", "--publication", "@blog"], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(listed.stdout, new RegExp(`^${endpoints[0]!.id}\\t`, "m"));
      const other = await runFolio(["webhooks", "list", "--publication", "Other-Pub"], env);
      assert.doesNotMatch(other.stdout, new RegExp(endpoints[0]!.id));
      const unknown = await runFolio(["webhooks", "list", "--publication", "nope"], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown publication nope/);
    });

    it("export and desk invite: by @slug; a name that is one's id and another's slug is refused", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url };
      const exported = await runFolio(["export", "--publication", "@blog"], env);
      assert.equal(exported.code, 0, exported.stderr);
      const publications = exported.stdout
        .split("\n")
        .filter((line) => line.startsWith('{"type":"publication"'));
      assert.equal(publications.length, 1);
      assert.equal(JSON.parse(publications[0]!).id, "pub_1");
      const folder = join(dir, `markdown-${factory.name}`);
      const markdown = await runFolio(
        ["export", "--format", "markdown", folder, "--publication", "@blog"],
        env,
      );
      assert.equal(markdown.code, 0, markdown.stderr);
      assert.match(markdown.stderr, / of 1 publications /);
      const invited = await runFolio(
        ["desk", "invite", "--publication", "@blog", "--user", "usr_1"],
        env,
      );
      assert.equal(invited.code, 0, invited.stderr);
      assert.match(invited.stderr, /one sign-in for usr_1 to pub_1/);

      const third = { type: "publication", id: "Other-Pub", slug: "third", name: "Third" };
      assert.equal((await runFolio(["import", "-"], env, JSON.stringify(third))).code, 0);
      for (const args of [
        ["export", "--publication", "Other-Pub"],
        ["desk", "invite", "--publication", "Other-Pub", "--user", "usr_1"],
      ]) {
        const ambiguous = await runFolio(args, env);
        assert.equal(ambiguous.code, 2, args.join(" "));
        assert.match(ambiguous.stderr, /--publication Other-Pub is the id of one publication/);
        assert.equal(ambiguous.stdout, "");
      }
    });

    it("import --from: a stored publication by slug or id gets the posts and is left as it is", async (t) => {
      const db = await factory.create();
      t.after(() => db.dispose());
      await loadFixtures(db.store);
      const env = { DATABASE_URL: db.url };
      const before = await db.store.findPublication({ id: "pub_1" });
      for (const [name, folder] of [
        ["blog", "a"],
        ["pub_1", "b"],
      ] as const) {
        const res = await runFolio(
          ["import", "--from", "markdown", markdownFolder(folder), "--publication", name],
          env,
        );
        assert.equal(res.code, 0, res.stderr);
        assert.match(res.stderr, /importing into the stored publication blog \(pub_1\)/);
      }
      const post = await db.store.findPostBySlugs("blog", "first-light", { withContent: false });
      assert.equal(post?.publicationId, "pub_1");
      assert.deepEqual(await db.store.findPublication({ id: "pub_1" }), before);
      assert.equal(await db.store.findPublication({ id: "pub-blog" }), undefined);

      // A name no publication has is the slug of a new one, as before.
      const fresh = await runFolio(
        ["import", "--from", "markdown", markdownFolder("c"), "--publication", "garden"],
        env,
      );
      assert.equal(fresh.code, 0, fresh.stderr);
      assert.equal((await db.store.findPublication({ slug: "garden" }))?.id, "pub-garden");
    });
  });
}
