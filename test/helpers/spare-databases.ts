// Test databases used again within a process. Copying the template costs PostgreSQL about a
// third of a second of CPU (its pages are written through the WAL), hundreds of times a run;
// emptying a database a test is done with costs a few milliseconds. A database goes back to
// its template's state (every table's rows, its sequences) and is used again only when its
// schema is still the template's: a test that changed the schema leaves one that is dropped.
import type pg from "pg";
import { connected, createDatabase, databaseUrl, dropDatabase, PG_TEST_URL } from "./postgres.js";

/** What a copy of the template holds that a reset must put back. */
interface Reference {
  fingerprint: string;
  tables: string[];
  /** Rows of the tables the template does not leave empty, by table, as JSON. */
  seeds: { table: string; columns: string[]; rows: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;

/** Everything a test could change of a database's schema or settings, as one hash. */
const FINGERPRINT = `SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS fingerprint FROM (
    SELECT format('%s %s %s', c.relname, c.relkind, n.nspname) AS x FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ${SYSTEM}
    UNION ALL SELECT format('%s.%s %s %s %s', c.relname, a.attname,
        format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname NOT IN ${SYSTEM} AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ${SYSTEM}
    UNION ALL SELECT format('%s %s', conname, pg_get_constraintdef(k.oid)) FROM pg_constraint k
      JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname NOT IN ${SYSTEM}
    UNION ALL SELECT format('%s %s', pg_get_triggerdef(oid), tgenabled) FROM pg_trigger
     WHERE NOT tgisinternal
    UNION ALL SELECT format('%s %s', p.oid::regprocedure, md5(p.prosrc)) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ${SYSTEM}
    UNION ALL SELECT format('type %s %s', typname, typtype) FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname NOT IN ${SYSTEM} AND t.typtype IN ('d', 'e', 'r', 'm')
    UNION ALL SELECT 'namespace ' || nspname FROM pg_namespace
    UNION ALL SELECT 'extension ' || extname FROM pg_extension
    UNION ALL SELECT 'setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
     WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  ) parts`;

const TABLES = `SELECT c.oid::regclass::text AS name FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE c.relkind = 'r' AND n.nspname NOT IN ${SYSTEM} ORDER BY 1`;

const SEQUENCES = `SELECT format('%I.%I', schemaname, sequencename) AS name,
    coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
  FROM pg_sequences`;

const onDatabase = <T>(name: string, work: (client: pg.Client) => Promise<T>) =>
  connected(databaseUrl(name, PG_TEST_URL), work);

async function readReference(name: string): Promise<Reference> {
  return onDatabase(name, async (client) => {
    const { fingerprint } = (await client.query(FINGERPRINT)).rows[0] as { fingerprint: string };
    const tables = (await client.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
    const seeds: Reference["seeds"] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ rows: string | null }>(
        `SELECT json_agg(t)::text AS rows FROM ${table} t`,
      );
      if (rows[0]!.rows === null) continue;
      // Generated columns are made again by the insert; naming them would be refused.
      const columns = await client.query<{ name: string }>(
        `SELECT quote_ident(attname) AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
          ORDER BY attnum`,
        [table],
      );
      seeds.push({ table, columns: columns.rows.map((r) => r.name), rows: rows[0]!.rows });
    }
    const sequences = (await client.query<Reference["sequences"][number]>(SEQUENCES)).rows;
    return { fingerprint, tables, seeds, sequences };
  });
}

/** Empties a database a test is done with back to its template's rows; false if it cannot be. */
async function reset(name: string, reference: Reference): Promise<boolean> {
  return onDatabase(name, async (client) => {
    const { fingerprint } = (await client.query(FINGERPRINT)).rows[0] as { fingerprint: string };
    if (fingerprint !== reference.fingerprint) return false;
    await client.query("BEGIN");
    try {
      // A connection a test left open holding a lock makes this fail, not wait.
      await client.query("SET LOCAL lock_timeout = '2s'");
      // Neither triggers nor foreign keys: every table is emptied, in any order.
      await client.query("SET LOCAL session_replication_role = replica");
      await client.query(reference.tables.map((table) => `DELETE FROM ${table}`).join(";\n"));
      for (const { table, columns, rows } of reference.seeds) {
        const list = columns.join(", ");
        await client.query(
          `INSERT INTO ${table} (${list})
           SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [rows],
        );
      }
      for (const { name: sequence, value, called } of reference.sequences) {
        await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
          sequence,
          value,
          called,
        ]);
      }
      await client.query("COMMIT");
      return true;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  });
}

interface Spares {
  reference?: Promise<Reference>;
  ready: string[];
}

const byTemplate = new Map<string, Spares>();
/** Every database this process holds, to drop when it ends. */
const held = new Set<string>();

process.once("beforeExit", () => {
  void Promise.all([...held].map((name) => dropDatabase(name).catch(() => {})));
});

/** A database in the template's state: one this process used before, or a new copy. */
export async function takeDatabase(template: string): Promise<{ name: string; url: string }> {
  let spares = byTemplate.get(template);
  if (spares === undefined) byTemplate.set(template, (spares = { ready: [] }));
  const name = spares.ready.pop();
  if (name !== undefined) return { name, url: databaseUrl(name, PG_TEST_URL) };
  const made = await createDatabase(template);
  held.add(made.name);
  // Read from a fresh copy before any test has touched it.
  spares.reference ??= readReference(made.name);
  await spares.reference;
  return made;
}

/** Databases being emptied now. */
const emptying = new Set<string>();

/** Takes back a database a test is done with: emptied for the next, or dropped. */
export async function giveBackDatabase(template: string, name: string): Promise<void> {
  const spares = byTemplate.get(template);
  // Given back twice (a store disposed twice): once is enough, or two stores would share it.
  if (!held.has(name) || emptying.has(name) || spares?.ready.includes(name)) return;
  emptying.add(name);
  try {
    const reference = spares?.reference === undefined ? undefined : await spares.reference;
    const emptied = reference !== undefined && (await reset(name, reference).catch(() => false));
    if (emptied) {
      spares!.ready.push(name);
      return;
    }
    held.delete(name);
    await dropDatabase(name);
  } finally {
    emptying.delete(name);
  }
}
