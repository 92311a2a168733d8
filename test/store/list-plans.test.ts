// Page cost must not grow with the page number: each list query is one index range that
// starts at the page's position (the keyset), never a scan from the newest post down.
// These read each backend's plan for a deep page; bench/lists.ts times it at 1M posts.
import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import pg from "pg";
import { LIST_STATEMENTS, NEIGHBOURS, listArgs } from "../../src/store/post-lists.js";
import { homeProbe } from "../../src/store/site-pages.js";
import { NOW, PAST, loadFixtures } from "../helpers/fixtures.js";
import { storeFactories, type TestStore } from "../helpers/stores.js";

// A deep page: position (time, id), visible-at bounded by the position (post-lists.ts).
const position = [PAST, "pst_m"];
const visibleAt = Math.min(NOW, PAST);

const EXPECTED = {
  publication: { index: "posts_by_publication_time", range: "(published_at,id)<(?,?)" },
  tag: { index: "post_categories_by_tag", range: "(published_at,post_id)<(?,?)" },
  everything: { index: "posts_by_time", range: "(published_at,id)<(?,?)" },
};

for (const factory of await storeFactories()) {
  describe(`list query plans (${factory.name})`, () => {
    let t: TestStore;
    before(async () => {
      t = await factory.create();
      await loadFixtures(t.store);
    });
    after(() => t.dispose());

    it("a post's neighbours: one seek of the publication's index each way, nothing sorted", async () => {
      const args = { publicationId: "pub_1", publishedAt: PAST, id: "pst_m", now: NOW };
      if (factory.name === "sqlite") {
        const plan = explainSqlite(t.url, NEIGHBOURS.sqlite.sql, NEIGHBOURS.sqlite.values(args));
        const seeks = plan.filter((l) => /SEARCH p USING INDEX posts_by_publication_time/.test(l));
        assert.equal(seeks.length, 2, plan.join("\n"));
        assert.ok(seeks[0]!.includes("(published_at,id)<(?,?)"), seeks[0]);
        assert.ok(seeks[1]!.includes("(published_at,id)>(?,?)"), seeks[1]);
        assert.ok(!plan.some((l) => /TEMP B-TREE|SCAN p\b/.test(l)), plan.join("\n"));
      } else {
        const plan = await explainPostgres(t.url, NEIGHBOURS.postgres.sql, [
          ...NEIGHBOURS.postgres.values(args),
        ]);
        assert.match(plan, /Index (Only )?Scan Backward[^\n]*\n(.*\n)*.*Index (Only )?Scan using/);
        assert.doesNotMatch(plan, /\bSort\b|Seq Scan/);
      }
    });

    it("a home's kept page and its list: one range of the publication's index, one seek", async () => {
      const statement = homeProbe(["body"]);
      const args = listArgs({
        ...{ scope: { publicationId: "pub_1" }, limit: 13, withContent: false },
        visibleAt: NOW,
      })[1];
      if (factory.name === "sqlite") {
        // As the executor binds them: SQLite has no booleans.
        const values = statement.sqlite.values(args).map((v) => (v === false ? 0 : v));
        const plan = explainSqlite(t.url, statement.sqlite.sql, values);
        const text = plan.join("\n");
        assert.match(
          text,
          /SEARCH p USING (COVERING )?INDEX posts_by_publication_time \(publication_id=\?/,
        );
        assert.match(text, /SEARCH s USING INDEX sqlite_autoindex_site_home_pages_1/);
        assert.doesNotMatch(text, /SCAN p\b|SCAN s\b/);
      } else {
        const plan = await explainPostgres(t.url, statement.postgres.sql, [
          ...statement.postgres.values(args),
        ]);
        // PostgreSQL picks among the indexes that serve the range, as for the lists below.
        assert.match(plan, /Index (Only )?Scan Backward using posts_by/);
        assert.doesNotMatch(plan, /Seq Scan on posts/);
      }
    });

    for (const [name, expected] of Object.entries(EXPECTED)) {
      it(`${name}: one backward range of ${expected.index} from the position`, async () => {
        const plan =
          factory.name === "sqlite" ? sqlitePlan(t.url, name) : await postgresPlan(t.url, name);
        if (factory.name === "sqlite") {
          // Pinned by INDEXED BY; PostgreSQL picks among the indexes that serve the range.
          assert.match(plan, new RegExp(expected.index));
          assert.ok(plan.includes(expected.range), plan);
          assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/);
        } else {
          assert.match(plan, /Index (Only )?Scan Backward/);
          assert.match(plan, /ROW\(published_at, (post_)?id\) < ROW\(/);
          assert.doesNotMatch(plan, /\bSort\b/);
        }
      });
    }
  });
}

/** The list's statement and its arguments for a deep page. */
function listFor(name: string) {
  const key = name === "publication" ? "pub_1" : name === "tag" ? "news" : "";
  const [publishedAt, id] = position as [number, string];
  const args = { key, publicationId: "", publishedAt, id, at: visibleAt, limit: 10 };
  const list = LIST_STATEMENTS[name as keyof typeof LIST_STATEMENTS].meta;
  return { list, args: { ...args, content: false } };
}

function sqlitePlan(path: string, name: string): string {
  const { list, args } = listFor(name);
  return explainSqlite(path, list.sqlite.sql, list.sqlite.values(args)).join("\n");
}

function explainSqlite(path: string, text: string, values: unknown[]): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values);
    return (rows as { detail: string }[]).map((r) => r.detail);
  } finally {
    db.close();
  }
}

/**
 * A fixture-sized table is cheapest to scan whole, so the planner is told that scans and
 * sorts are dear: what is left is whether the index can serve the keyset range at all.
 */
async function postgresPlan(url: string, name: string): Promise<string> {
  const { list, args } = listFor(name);
  const lines = (await explainPostgres(url, list.postgres.sql, list.postgres.values(args))).split(
    "\n",
  );
  // The list's own scan and what sits above it; the per-post subqueries below are not ours.
  return lines.filter((l) => !/SubPlan|c_1|\(pa\.|\(a\.|pa\b|Aggregate/.test(l)).join("\n");
}

async function explainPostgres(url: string, text: string, values: unknown[]): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET enable_seqscan = off");
    await client.query("SET enable_sort = off");
    const bound = values.map((v) => (typeof v === "number" ? String(v) : v));
    const { rows } = await client.query(`EXPLAIN (COSTS OFF) ${text}`, bound);
    return (rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.end();
  }
}
