// The connection pools of a node: one per URL (primary, and a replica for reads).
import pg from "pg";
import type { PostgresSettings } from "../../config.js";

export function createPool(url: string, options: PostgresSettings, role: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // Also how long a request waits for a free connection when the pool is exhausted.
    connectionTimeoutMillis: options.statementTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    keepAlive: true,
    application_name: `folio-${role}`,
  });
  // An idle connection that breaks is dropped by the pool; without a listener, the
  // 'error' event would end the process.
  pool.on("error", () => {});
  return pool;
}
