// Throwaway PostgreSQL databases for tests, on the local server (PG_TEST_URL overrides).
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";

export const PG_TEST_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let created = 0;

/** The same server, another database. */
export function databaseUrl(name: string, base = PG_TEST_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * `work` on a connection of its own to `url`, closed after. A server that is not there refuses
 * at once; the timeout is for one that is slow to answer, as it is while other test processes
 * copy template databases on a loaded two-core machine, where 3 s was seen to run out.
 */
export async function connected<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 20_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const admin = <T>(work: (client: pg.Client) => Promise<T>) => connected(PG_TEST_URL, work);

/** Whether the server has a database of this name. */
export async function databaseExists(name: string): Promise<boolean> {
  const { rowCount } = await admin((c) =>
    c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]),
  );
  return rowCount === 1;
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

/** A new empty database, or a copy of `template` (a database nobody is connected to). */
export async function createDatabase(template?: string): Promise<{ name: string; url: string }> {
  const name = `folio_test_${process.pid}_${++created}_${randomBytes(4).toString("hex")}`;
  const from = template === undefined ? "" : ` TEMPLATE ${template}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}${from}`));
  return { name, url: databaseUrl(name) };
}

const templates = new Map<string, Promise<string>>();

/**
 * A database holding what `prepare` makes of an empty one, to be copied by createDatabase:
 * copying is cheaper than applying every schema step again for each of hundreds of stores.
 * Named by `key` (the steps' text), so a changed schema gets a new template. Files running at
 * once may each build it; the first to publish it by renaming wins, and the others use that.
 */
export function preparedTemplate(
  key: string,
  prepare: (url: string) => Promise<void>,
): Promise<string> {
  const name = `folio_template_${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
  let made = templates.get(name);
  if (made === undefined) {
    made = publishTemplate(name, prepare);
    templates.set(name, made);
  }
  return made;
}

async function publishTemplate(
  name: string,
  prepare: (url: string) => Promise<void>,
): Promise<string> {
  const exists = () => databaseExists(name);
  if (await exists()) return name;
  const draft = await createDatabase();
  try {
    await prepare(draft.url);
    await admin((c) => c.query(`ALTER DATABASE ${draft.name} RENAME TO ${name}`));
  } catch (error) {
    await dropDatabase(draft.name);
    // Another file published it first: theirs is the same.
    if (await exists()) return name;
    throw error;
  }
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Host and port of the test server, for messages. */
export function testServer(): string {
  return new URL(PG_TEST_URL).host;
}
