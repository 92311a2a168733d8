// The connection pools of a node: one per URL (primary, and a replica for reads).
import pg from "pg";
import type { PostgresSettings } from "../../config/index.js";
import { ByteColumnsClient } from "./byte-columns.js";

export function createPool(url: string, options: PostgresSettings, role: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // Also how long a request waits for a free connection when the pool is exhausted.
    connectionTimeoutMillis: options.statementTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    keepAlive: true,
    application_name: `folio-${role}`,
    // Statements issued together on one connection go out together (postgres/pipeline.ts).
    pipeline: true,
    // A post's content reaches its response as bytes, not strings (byte-columns.ts).
    Client: ByteColumnsClient,
  });
  // An idle connection that breaks is dropped by the pool; without a listener, the
  // 'error' event would end the process.
  pool.on("error", () => {});
  return pool;
}

/** Runs `work` on a client of the primary pool (withClient). */
export type OnPrimary = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/**
 * Runs `work` on one client of `pool`, released afterwards (destroyed after a failure, as
 * its state is then unknown); errors come out as `translate` words them.
 */
export async function withClient<T>(
  pool: pg.Pool,
  translate: (error: unknown) => unknown,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient | undefined;
  try {
    client = await pool.connect();
    // A connection lost between two statements of `work` (inside a transaction) is an
    // 'error' event on a checked-out client, which the pool does not listen to: without a
    // listener it would end the process. The next statement fails, and that is reported.
    client.on("error", ignoreLostConnection);
    const result = await work(client);
    client.off("error", ignoreLostConnection);
    client.release();
    return result;
  } catch (error) {
    client?.off("error", ignoreLostConnection);
    client?.release(true);
    throw translate(error);
  }
}

/** The statement after a lost connection fails, and that failure is reported. */
export function ignoreLostConnection(): void {}
