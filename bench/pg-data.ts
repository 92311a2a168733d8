// The 1k data set on PostgreSQL, for the cache-off cases that measure that store: a fresh
// database per run (a build's schema may differ), imported through the real path, dropped after.
import pg from "pg";
import { DEFAULT_POSTGRES_SETTINGS } from "../src/config/index.js";
import { openPostgresStore } from "../src/store/postgres/store.js";
import { representPost } from "../src/http/wire/representation.js";
import { loadDataSet } from "./data.js";

const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface PostgresDataSet {
  path: string;
  postsPerSecond: number;
  built: string;
  drop(): Promise<void>;
}

export async function postgresDataSet(size: number): Promise<PostgresDataSet> {
  const name = `folio_bench_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = openPostgresStore({
    ...DEFAULT_POSTGRES_SETTINGS,
    url: url.href,
    represent: representPost,
  });
  await store.migrate();
  const summary = await loadDataSet(store, size);
  await store.close();
  return {
    path: url.href,
    postsPerSecond: Math.round(size / summary.seconds),
    built: new Date().toISOString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
