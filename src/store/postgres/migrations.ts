// Versioned schema steps for the PostgreSQL store, and the one way they are applied.
// Append only: a released step never changes. Every node may call migrate() on start, so
// steps are serialized across nodes by a transaction-scoped advisory lock.
import type { PoolClient } from "pg";
import { SchemaTooNewError, type SchemaState } from "../post-store.js";
import { authoringSteps } from "./schema-authoring.js";
import { bytesSteps } from "./schema-bytes.js";
import { contentPlaceSteps } from "./schema-content-place.js";
import { deskSteps } from "./schema-desk.js";
import { discoverySteps } from "./schema-discovery.js";
import { postsSteps } from "./schema-posts.js";
import { searchSteps } from "./schema-search.js";
import { sitePagesSteps } from "./schema-site-pages.js";
import { searchTriggerSteps } from "./schema-search-triggers.js";
import { webhooksSteps } from "./schema-webhooks.js";

// The version table: a step's version is its place in this list, so a new step only ever goes
// last (at the end of the last file, or in a new file spread last). Each schema-*.ts types its
// steps as a tuple of their count: growing one is a visible change, right only for the last.
export const migrations: readonly string[] = [
  ...postsSteps, // 1–2
  ...authoringSteps, // 3–6
  ...discoverySteps, // 7–9
  ...webhooksSteps, // 10
  ...bytesSteps, // 11
  ...searchSteps, // 12
  ...deskSteps, // 13
  ...searchTriggerSteps, // 14
  ...sitePagesSteps, // 15
  ...contentPlaceSteps, // 16
];

/** Any constant shared by every Folio node; it names the lock, nothing else. */
const MIGRATION_LOCK = 7_346_101;

const CREATE_SCHEMA_TABLE = `CREATE TABLE IF NOT EXISTS folio_schema (
  version    INTEGER PRIMARY KEY,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

export async function readSchemaState(client: PoolClient): Promise<SchemaState> {
  const latest = migrations.length;
  const exists = await client.query<{ t: string | null }>(
    "SELECT to_regclass('folio_schema')::text AS t",
  );
  if (exists.rows[0]?.t == null) return { current: 0, latest };
  const result = await client.query<{ v: number | null }>(
    "SELECT max(version) AS v FROM folio_schema",
  );
  return { current: result.rows[0]?.v ?? 0, latest };
}

/** Applies the missing steps in one transaction; the lock makes other nodes wait, then see them. */
export async function applyMigrations(client: PoolClient): Promise<SchemaState> {
  await client.query("BEGIN");
  try {
    // A node waiting for another's migration must not be cut off by the read timeout.
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(CREATE_SCHEMA_TABLE);
    const state = await readSchemaState(client);
    if (state.current > state.latest) throw new SchemaTooNewError(state);
    for (let version = state.current + 1; version <= state.latest; version++) {
      await client.query(migrations[version - 1]!);
      await client.query("INSERT INTO folio_schema (version) VALUES ($1)", [version]);
    }
    await client.query("COMMIT");
    return { current: state.latest, latest: state.latest };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
