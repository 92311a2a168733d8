// Search by what readers type besides words of the post: its categories and its authors'
// names, on every backend, kept right by every write and filled in for posts stored before.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS } from "../../src/config/index.js";
import { representPost } from "../../src/http/wire/representation.js";
import type { PostInput, PostStore } from "../../src/store/post-store.js";
import { migrations as pgMigrations } from "../../src/store/postgres/migrations.js";
import { openPostgresStore } from "../../src/store/postgres/store.js";
import { migrations as sqliteMigrations } from "../../src/store/sqlite/migrations.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import { NOW, PAST } from "../helpers/fixtures.js";
import { createDatabase, dropDatabase } from "../helpers/postgres.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories, type StoreFactory } from "../helpers/stores.js";

const doc = (text: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

const post = (id: string, fields: Record<string, unknown>) => ({
  type: "post",
  id,
  publicationId: "pub_s",
  slug: id,
  publishedAt: PAST,
  categories: [],
  authorIds: [],
  json: doc("Nothing to see"),
  ...fields,
});

const ada = { type: "author", id: "usr_ada", publicationId: "pub_s", name: "Ada Lovelace" };
const lines = [
  { type: "publication", id: "pub_s", slug: "machines", name: "Machines" },
  ada,
  { type: "author", id: "usr_grace", publicationId: "pub_s", name: "Grace Hopper" },
  post("pst_tagged", { title: "Steam notes", categories: ["engines"], authorIds: ["usr_ada"] }),
  post("pst_titled", { title: "Engines of the north", categories: ["misc"] }),
  post("pst_body", { title: "Odds", json: doc("A word on engines at the end") }),
  post("pst_grace", { title: "Compilers", authorIds: ["usr_grace", "usr_ada"] }),
];

const names = (hits: { post: { id: string } }[]) => hits.map((h) => h.post.id);

/** The version before search learned categories and authors. */
const BEFORE = 11;

/** A store whose schema stops at BEFORE, holding `lines`, then migrated to the latest. */
async function migratedFromBefore(factory: StoreFactory) {
  if (factory.name === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "folio-test-"));
    const path = join(dir, "folio.db");
    const db = new Database(path);
    db.exec("CREATE TABLE folio_schema (version INTEGER NOT NULL) STRICT");
    sqliteMigrations.slice(0, BEFORE).forEach((step, i) => {
      db.exec(step);
      db.prepare("INSERT INTO folio_schema (version) VALUES (?)").run(i + 1);
    });
    db.close();
    // Before the migration, a store that keeps no response bytes: the bytes' columns of
    // later steps are not there yet (migrate fills them).
    let store = openSqliteStore(path);
    // A connection that wrote before step 14 keeps indexing each row at once; one opened
    // after it indexes a write's posts once, at its commit: the tests after the fill use that.
    const reopen = async () => (
      await store.close(),
      (store = openSqliteStore(path, { represent: representPost }))
    );
    const dispose = async () => (await store.close(), rmSync(dir, { recursive: true }));
    return { store, dispose, reopen, path };
  }
  const { name, url } = await createDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("CREATE TABLE folio_schema (version INTEGER PRIMARY KEY)");
  for (const [i, step] of pgMigrations.slice(0, BEFORE).entries()) {
    await client.query(step);
    await client.query("INSERT INTO folio_schema (version) VALUES ($1)", [i + 1]);
  }
  await client.end();
  let store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url });
  const reopen = async () => (
    await store.close(),
    (store = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url, represent: representPost }))
  );
  const dispose = async () => (await store.close(), await dropDatabase(name));
  return { store, reopen, dispose, path: url };
}

for (const factory of await storeFactories()) {
  describe(`search by category and author (${factory.name})`, () => {
    let store: PostStore;
    let dispose: () => Promise<void>;
    /** SQLite's file, or PostgreSQL's database URL. */
    let path: string | undefined;
    const find = async (...terms: string[]) =>
      names(await store.searchPosts({ terms, limit: 10, visibleAt: NOW }));

    before(async () => {
      const made = await migratedFromBefore(factory);
      ({ store, dispose, path } = made);
      const summary = await importLines(store, lines);
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
      assert.equal((await store.schemaState()).current, BEFORE);
      await store.migrate();
      store = await made.reopen();
    });
    after(() => dispose());

    it("fills the index for posts stored before the step, ranking title above labels above text", async () => {
      assert.deepEqual(await find("engines"), ["pst_titled", "pst_tagged", "pst_body"]);
      assert.deepEqual((await find("lovelace")).sort(), ["pst_grace", "pst_tagged"]);
      assert.deepEqual(await find("grace", "compilers"), ["pst_grace"]);
    });

    it("ranks a title hit above an author hit", async () => {
      await importLines(store, [post("pst_hopper", { title: "Hopper windows" })]);
      assert.deepEqual(await find("hopper"), ["pst_hopper", "pst_grace"]);
    });

    it("follows a post's categories as they change", async () => {
      await importLines(store, [
        post("pst_tagged", { title: "Steam notes", categories: ["turbines"] }),
      ]);
      assert.deepEqual(await find("turbine"), ["pst_tagged"]);
      assert.deepEqual(await find("engines"), ["pst_titled", "pst_body"]);
      await importLines(store, [
        post("pst_tagged", {
          title: "Steam notes",
          categories: ["engines"],
          authorIds: ["usr_ada"],
        }),
      ]);
      assert.deepEqual(await find("turbine"), []);
      assert.deepEqual(await find("engines"), ["pst_titled", "pst_tagged", "pst_body"]);
    });

    it("follows an author's rename: the new name finds the posts, the old one no longer", async () => {
      await importLines(store, [{ ...ada, name: "Augusta King" }]);
      assert.deepEqual((await find("augusta")).sort(), ["pst_grace", "pst_tagged"]);
      assert.deepEqual(await find("lovelace"), []);
      await importLines(store, [ada]);
      assert.deepEqual((await find("lovelace")).sort(), ["pst_grace", "pst_tagged"]);
    });

    it("follows authors added to and removed from a post", async () => {
      await importLines(store, [
        post("pst_grace", { title: "Compilers", authorIds: ["usr_grace"] }),
      ]);
      assert.deepEqual(await find("lovelace"), ["pst_tagged"]);
      await importLines(store, [post("pst_body", { title: "Odds", authorIds: ["usr_ada"] })]);
      assert.deepEqual((await find("lovelace")).sort(), ["pst_body", "pst_tagged"]);
    });

    // SQLite notes a write's posts and indexes them at its commit (schema step 14).
    const sqliteOnly = { skip: factory.name !== "sqlite" && "SQLite's own index" };
    const held = () => {
      const db = new Database(path!, { readonly: true });
      try {
        const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
        return { pending: count("post_search_pending"), hold: count("post_search_hold") };
      } finally {
        db.close();
      }
    };

    /** A checked post as the store takes it, its text in `markdown`. */
    const input = (id: string, title: string, extra: Partial<PostInput>): PostInput => ({
      ...{ type: "post", id, publicationId: "pub_s", slug: id, title, status: "published" },
      ...{ publishedAt: PAST, updatedAt: NOW, categories: [], authorIds: [], rendererVersion: 1 },
      content: { json: JSON.stringify(doc(title)), staticHtml: `<p>${title}</p>`, markdown: title },
      ...extra,
    });

    /** One write of these batches, each accepted whole, then ended; it leaves nothing held. */
    const write = async (batches: PostInput[][], end: "commit" | "rollback") => {
      const transaction = await store.beginWrite();
      let line = 0;
      for (const batch of batches) {
        const numbered = batch.map((record) => ({ line: ++line, record }));
        assert.deepEqual(await transaction.apply(numbered), []);
      }
      await transaction[end]();
      assert.deepEqual(held(), { pending: 0, hold: 0 });
    };

    it(
      "indexes what a write noted by its commit, and leaves nothing held",
      sqliteOnly,
      async () => {
        const record = input("pst_new", "Boilers", {
          categories: ["steam"],
          authorIds: ["usr_grace"],
        });
        await write([[record]], "commit");
        for (const term of ["boilers", "steam", "hopper"]) {
          assert.ok((await find(term)).includes("pst_new"), term);
        }
      },
    );

    it(
      "a post indexed with one batch is indexed again when a later batch of the write changes it",
      sqliteOnly,
      async () => {
        const first = input("pst_twice", "Lighthouses", { categories: ["coast"] });
        const second = input("pst_twice", "Windmills", {
          categories: ["inland"],
          authorIds: ["usr_grace"],
        });
        await write([[first], [second]], "commit");
        for (const gone of ["lighthouses", "coast"]) assert.deepEqual(await find(gone), [], gone);
        for (const term of ["windmills", "inland", "hopper"]) {
          assert.ok((await find(term)).includes("pst_twice"), term);
        }
      },
    );

    it(
      "a rolled back write holds nothing: another writer's rows are indexed at once",
      sqliteOnly,
      async () => {
        await write([[input("pst_gone", "Vanishing", { categories: ["ghosts"] })]], "rollback");
        assert.deepEqual(await find("vanishing"), []);
        // A tool writing by hand, outside Folio's write transaction.
        const db = new Database(path!);
        db.prepare(`UPDATE posts SET title = 'Zeppelin log' WHERE id = 'pst_body'`).run();
        db.prepare(
          `INSERT INTO post_categories (post_id, position, name, status, published_at)
        SELECT id, 9, 'airships', status, published_at FROM posts WHERE id = 'pst_body'`,
        ).run();
        db.close();
        assert.deepEqual(await find("zeppelin"), ["pst_body"]);
        assert.deepEqual(await find("airships"), ["pst_body"]);
      },
    );

    // PostgreSQL's list triggers fire for every statement on their table (schema step 14).
    const postgresOnly = { skip: factory.name !== "postgres" && "PostgreSQL's triggers" };

    /** How often `refresh` ran during `statements`, run in one transaction, rolled back. */
    const refreshes = async (...statements: string[]) => {
      const client = new pg.Client({ connectionString: path });
      await client.connect();
      try {
        await client.query("BEGIN");
        await client.query("SET LOCAL track_functions = 'all'");
        for (const statement of statements) await client.query(statement);
        const { rows } = await client.query<{ calls: string }>(
          `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_xact_user_functions
            WHERE funcname = 'folio_post_labels_refresh'`,
        );
        const labels = await client.query<{ labels: string }>(
          "SELECT labels::text FROM post_search WHERE post_id = 'pst_titled'",
        );
        return { calls: Number(rows[0]!.calls), labels: labels.rows[0]!.labels };
      } finally {
        await client.query("ROLLBACK");
        await client.end();
      }
    };

    it(
      "refreshes no labels for a statement that touches no list row, and once for one that does",
      postgresOnly,
      async () => {
        const nothing = await refreshes(
          "DELETE FROM post_categories WHERE post_id = 'pst_none'",
          "DELETE FROM post_authors WHERE post_id = 'pst_none'",
          `INSERT INTO post_categories (post_id, position, name, status, published_at)
             SELECT post_id, position, name, status, published_at FROM post_categories
              WHERE post_id = 'pst_none'
             ON CONFLICT (post_id, position) DO UPDATE SET name = excluded.name`,
          "UPDATE post_authors SET position = position WHERE post_id = 'pst_none'",
        );
        assert.equal(nothing.calls, 0);
        const renamed = await refreshes(
          "UPDATE post_categories SET name = 'gearboxes' WHERE post_id = 'pst_titled'",
        );
        assert.equal(renamed.calls, 1);
        assert.match(renamed.labels, /'gearbox':1C/);
        const added = await refreshes(
          `INSERT INTO post_authors (post_id, position, author_id)
             VALUES ('pst_titled', 0, 'usr_grace')`,
        );
        assert.equal(added.calls, 1);
        assert.match(added.labels, /'hopper':\d+C/);
      },
    );

    it("compresses a post's big text with lz4 where the server has it", postgresOnly, async () => {
      const client = new pg.Client({ connectionString: path });
      await client.connect();
      try {
        const probe = await client
          .query("CREATE TEMP TABLE lz4_probe (t text COMPRESSION lz4)")
          .then(() => true)
          .catch(() => false);
        const long = Array.from({ length: 400 }, (_, i) => `Boiler ${i} holds steam.`).join(" ");
        await importLines(store, [post("pst_long", { title: "Long", json: doc(long) })]);
        const { rows } = await client.query<Record<string, string | null>>(
          `SELECT pg_column_compression(p.content_json) AS json,
                  pg_column_compression(p.static_html) AS html,
                  pg_column_compression(p.markdown) AS markdown
             FROM posts p WHERE p.id = 'pst_long'`,
        );
        const expected = probe ? "lz4" : "pglz";
        assert.deepEqual(rows[0], { json: expected, html: expected, markdown: expected });
        assert.ok(await find("boiler"));
      } finally {
        await client.end();
      }
    });
  });
}
