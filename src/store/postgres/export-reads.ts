// The export's snapshot on PostgreSQL (store/export-reads.ts): one connection of the primary
// pool in a REPEATABLE READ, READ ONLY transaction, which sees the database as it was at its
// first statement however long the export runs and whatever is written meanwhile.
import type pg from "pg";
import { snapshotReads, type ExportSnapshot } from "../export-reads.js";
import { postgresExecutor } from "./executor.js";
import { ignoreLostConnection } from "./pool.js";

// An export waits on its reader (a pipe, a slow disk) between pages: neither the pool's
// statement timeout nor an idle-in-transaction timeout may cut it short.
const BEGIN = `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
  SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`;

export async function openPostgresSnapshot(
  pool: pg.Pool,
  translate: (error: unknown) => unknown,
): Promise<ExportSnapshot> {
  let client: pg.PoolClient | undefined;
  try {
    client = await pool.connect();
    client.on("error", ignoreLostConnection);
    await client.query(BEGIN);
    // The snapshot is taken at the first statement after BEGIN.
    await client.query("SELECT 1 FROM publications LIMIT 1");
  } catch (error) {
    client?.off("error", ignoreLostConnection);
    client?.release(true);
    throw translate(error);
  }
  const c = client;
  let open = true;
  // Every read on the snapshot's one connection.
  const reads = postgresExecutor(async (work) => {
    try {
      return await work(c);
    } catch (error) {
      throw translate(error);
    }
  });
  return snapshotReads(reads, async () => {
    if (!open) return;
    open = false;
    let broken = false;
    try {
      await c.query("COMMIT");
    } catch {
      broken = true;
    }
    c.off("error", ignoreLostConnection);
    c.release(broken);
  });
}
