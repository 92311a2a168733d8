// Throwaway PostgreSQL databases for tests, on the local server (PG_TEST_URL overrides).
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_TEST_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let created = 0;

/** The same server, another database. */
export function databaseUrl(name: string, base = PG_TEST_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used, or undefined when it can. */
export async function unreachableReason(): Promise<string | undefined> {
  try {
    await admin((client) => client.query("SELECT 1"));
    return undefined;
  } catch (error) {
    return (error as Error).message || String((error as { code?: string }).code);
  }
}

export async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `folio_test_${process.pid}_${++created}_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  return { name, url: databaseUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Host and port of the test server, for messages. */
export function testServer(): string {
  return new URL(PG_TEST_URL).host;
}
