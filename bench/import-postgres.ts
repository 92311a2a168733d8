// Import and read throughput of the PostgreSQL store next to SQLite, same data, same run.
// Import: N posts (default 1,000,000; BENCH_POSTS) plus publications and authors, through
// the store's import transaction in batches of 500, as `folio import` does, minus NDJSON
// parsing and content derivation. Reads: a tight loop of store reads by id (no content)
// and by slugs (with content), BENCH_CONCURRENCY (default 32) in flight, random posts.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS } from "../src/config/index.js";
import type { PostStore } from "../src/store/post-store.js";
import { openPostgresStore } from "../src/store/postgres/store.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { AUTHORS, PUBLICATIONS, batches, postId, postSlugs } from "./import-data.js";

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function timeImport(store: PostStore): Promise<number> {
  const started = performance.now();
  const tx = await store.beginWrite();
  for (const batch of batches(POSTS)) {
    const rejections = await tx.apply(batch);
    if (rejections.length > 0) throw new Error(`rejected: ${JSON.stringify(rejections[0])}`);
  }
  await tx.commit();
  return (performance.now() - started) / 1000;
}

async function readRate(store: PostStore, read: (i: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  const until = performance.now() + READ_SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      if (!(await read(Math.floor(Math.random() * POSTS)))) throw new Error("post not found");
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / READ_SECONDS;
}

async function measure(name: string, store: PostStore, after: () => Promise<void>) {
  await store.migrate();
  const seconds = await timeImport(store);
  await after();
  const byId = await readRate(store, (i) => store.findPostById(postId(i), { withContent: false }));
  const bySlugs = await readRate(store, (i) =>
    store.findPostBySlugs(...postSlugs(i), { withContent: true }),
  );
  const row = { name, seconds, postsPerSecond: POSTS / seconds, byId, bySlugs };
  console.log(JSON.stringify(row));
  return row;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US").replace(/,/g, " ");

const database = `folio_bench_${process.pid}`;
await admin(`CREATE DATABASE ${database}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${database}`;
const dir = mkdtempSync(join(tmpdir(), "folio-bench-"));
const rows = [];
try {
  const postgres = openPostgresStore({ ...DEFAULT_POSTGRES_SETTINGS, url: url.href });
  // Fresh statistics, as autovacuum would gather shortly after a real bulk load.
  const analyze = () => pgAnalyze(url.href);
  rows.push(await measure("PostgreSQL", postgres, analyze));
  await postgres.close();
  const sqlite = openSqliteStore(join(dir, "bench.db"));
  rows.push(
    await measure("SQLite", sqlite, async () => {
      sqlite.db.exec("ANALYZE");
    }),
  );
  console.log(`SQLite file: ${fmt(statSync(join(dir, "bench.db")).size / 1e6)} MB`);
  await sqlite.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

async function pgAnalyze(target: string) {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  await client.query("ANALYZE");
  const size = await client.query("SELECT pg_database_size(current_database()) AS b");
  console.log(`PostgreSQL database: ${fmt(Number(size.rows[0].b) / 1e6)} MB`);
  await client.end();
}

console.log(
  `\n${fmt(POSTS)} posts, ${fmt(PUBLICATIONS)} publications, ${fmt(AUTHORS)} authors; ` +
    `reads: ${CONCURRENCY} in flight for ${READ_SECONDS} s\n`,
);
console.log("| Store | Import (s) | Posts/s | Reads/s by id | Reads/s by slugs + content |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.seconds.toFixed(1)} | ${fmt(r.postsPerSecond)} | ${fmt(r.byId)} | ${fmt(r.bySlugs)} |`,
  );
}
