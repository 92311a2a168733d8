// Statements written once (store/statement.ts): compiled for both dialects when made, never
// again; each named argument lands where the builder put it; SQLite's executor prepares each
// statement once per connection and binds what SQLite cannot take.
import assert from "node:assert/strict";
import { test } from "node:test";
import Database from "better-sqlite3";
import { sql } from "../../src/store/kysely.js";
import { statement } from "../../src/store/statement.js";
import { sqliteExecutor } from "../../src/store/sqlite/executor.js";

test("named arguments land where the builder put them, in both dialects", () => {
  let builds = 0;
  const find = statement((db, a: { hash: string; publicationId: string }) => {
    builds++;
    return db
      .selectFrom("api_keys")
      .select(["id"])
      .where("publication_id", "=", a.publicationId)
      .where("hash", "=", a.hash)
      .where("hint", "=", "constant")
      .where("id", "!=", a.hash);
  });
  assert.equal(builds, 2, "one build per dialect, when the statement is made");
  assert.match(find.postgres.sql, /"publication_id" = \$1 and "hash" = \$2 and "hint" = \$3/);
  assert.match(find.sqlite.sql, /"publication_id" = \? and "hash" = \? and "hint" = \?/);
  for (const compiled of [find.sqlite, find.postgres]) {
    assert.deepEqual(compiled.values({ hash: "h", publicationId: "p" }), [
      "p",
      "h",
      "constant",
      "h",
    ]);
  }
  assert.equal(builds, 2, "running it compiles nothing");
});

test("a whole sql template is compiled as a builder is: arguments placed and numbered", () => {
  const pinned = statement((_, a: { id: string; now: number }, dialect) =>
    dialect === "sqlite"
      ? sql`SELECT id FROM posts INDEXED BY posts_by_time WHERE id = ${a.id} AND t <= ${a.now}`
      : sql`SELECT id FROM posts WHERE id = ${a.id} AND t <= ${a.now}`,
  );
  assert.match(pinned.sqlite.sql, /INDEXED BY posts_by_time WHERE id = \? AND t <= \?$/);
  assert.match(pinned.postgres.sql, /FROM posts WHERE id = \$1 AND t <= \$2$/);
  for (const compiled of [pinned.sqlite, pinned.postgres]) {
    assert.deepEqual(compiled.values({ id: "p", now: 5 }), ["p", 5]);
  }
});

test("SQLite: prepared once per connection; booleans and missing values are bound as SQLite can", async () => {
  const db = new Database(":memory:");
  db.exec(`CREATE TABLE publications (id TEXT PRIMARY KEY, slug TEXT);
    CREATE TABLE api_keys (id TEXT, publication_id TEXT, name TEXT, hash TEXT, hint TEXT,
      created_at INTEGER, revoked_at INTEGER)`);
  let prepared = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared++;
    return prepare(sql);
  }) as typeof db.prepare;
  const insert = statement((q, a: { id: string; name: string | undefined; flag: boolean }) =>
    q.insertInto("api_keys").values({
      id: a.id,
      publication_id: "p",
      name: a.name ?? null,
      hash: "h",
      hint: "hint",
      // A boolean where SQLite wants a number: the executor binds it as 1 or 0.
      created_at: a.flag as unknown as number,
      revoked_at: null,
    }),
  );
  const byId = statement((q, a: { id: string }) =>
    q.selectFrom("api_keys").select(["id", "name", "created_at"]).where("id", "=", a.id),
  );
  const sql = sqliteExecutor(db);
  assert.equal(await sql.changes(insert, { id: "k1", name: undefined, flag: true }), 1);
  assert.equal(await sql.changes(insert, { id: "k2", name: "two", flag: false }), 1);
  assert.deepEqual(await sql.rows(byId, { id: "k1" }), [{ id: "k1", name: null, created_at: 1 }]);
  assert.deepEqual(await sql.rows(byId, { id: "k2" }), [{ id: "k2", name: "two", created_at: 0 }]);
  assert.deepEqual(await sql.rows(insert, { id: "k3", name: "x", flag: true }), []);
  assert.equal(prepared, 2, "each statement prepared once");
  db.close();
});

test("SQLite: with a turn, a statement that writes waits for it and a read does not", async () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE publications (id TEXT PRIMARY KEY, slug TEXT, name TEXT)");
  const turns: string[] = [];
  const sql = sqliteExecutor(db, async (work) => {
    turns.push("write");
    return work();
  });
  const add = statement((q, a: { id: string }) =>
    q.insertInto("publications").values({ id: a.id, slug: a.id, name: a.id }),
  );
  const all = statement((q) => q.selectFrom("publications").select(["id"]));
  assert.equal(await sql.changes(add, { id: "p1" }), 1);
  assert.deepEqual(await sql.rows(all, {}), [{ id: "p1" }]);
  assert.deepEqual(turns, ["write"]);
  db.close();
});

test("SQLite: a transaction takes the turn once, and a failure inside it writes nothing", async () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE publications (id TEXT PRIMARY KEY, slug TEXT, name TEXT)");
  // A real queue: a statement inside the transaction that waited for it would never run.
  let queue: Promise<unknown> = Promise.resolve();
  let turns = 0;
  const sql = sqliteExecutor(db, (work) => {
    turns++;
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  });
  const add = statement((q, a: { id: string }) =>
    q.insertInto("publications").values({ id: a.id, slug: a.id, name: a.id }),
  );
  const all = statement((q) => q.selectFrom("publications").select(["id"]).orderBy("id"));
  await sql.transaction(async (tx) => {
    await tx.changes(add, { id: "p1" });
    await tx.changes(add, { id: "p2" });
  });
  assert.equal(turns, 1);
  await assert.rejects(
    sql.transaction(async (tx) => {
      await tx.changes(add, { id: "p3" });
      await tx.changes(add, { id: "p1" });
    }),
    /UNIQUE|WriteConflict|constraint/i,
  );
  assert.deepEqual(await sql.rows(all, {}), [{ id: "p1" }, { id: "p2" }]);
  db.close();
});
