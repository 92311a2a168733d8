// Runs statements written once (store/statement.ts) on PostgreSQL: writes and what must see
// them on the primary, one pooled connection each (or one for a whole transaction); reads on
// the read pool, bounded in time. A named statement is parsed once per connection.
import type { PoolClient, QueryConfig } from "pg";
import type { Executor, Reads, Statement } from "../statement.js";
import type { OnPrimary } from "./pool.js";
import { holdsNul, type ReadContext } from "./reads.js";
import { inTransaction } from "./webhook-deliveries.js";

/**
 * PostgreSQL text holds no NUL, so a key with one matches nothing stored, and sending it would
 * be an error: undefined when a value is such a key; lists keep only their other keys.
 */
function withoutNul(values: unknown[]): unknown[] | undefined {
  if (values.some(holdsNul)) return undefined;
  return values.map((v) => (Array.isArray(v) ? v.filter((k) => !holdsNul(k)) : v));
}

/** Reads on the read pool (a replica when one is set), each within the statement timeout. */
export function postgresReads(context: ReadContext): Reads {
  return {
    async rows(s, args) {
      const values = withoutNul(s.postgres.values(args));
      if (values === undefined) return [];
      const query = {
        text: s.postgres.sql,
        values,
        query_timeout: context.statementTimeoutMs + 1000,
        ...(s.name === undefined ? {} : { name: s.name }),
      };
      try {
        return (await context.pool.query(query as QueryConfig)).rows as never;
      } catch (error) {
        throw context.translate(error);
      }
    },
  };
}

export function postgresExecutor(onPrimary: OnPrimary): Executor {
  return executor((work) => onPrimary(work), onPrimary);
}

function executor(
  on: <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>,
  onPrimary: OnPrimary,
): Executor {
  const run = <A>(s: Statement<A>, args: A) =>
    on((client) =>
      client.query({
        text: s.postgres.sql,
        values: s.postgres.values(args),
        ...(s.name === undefined ? {} : { name: s.name }),
      }),
    );
  return {
    async rows(s, args) {
      return (await run(s, args)).rows as never;
    },
    async changes(s, args) {
      return (await run(s, args)).rowCount ?? 0;
    },
    transaction: (work) =>
      onPrimary((client) =>
        inTransaction(client, () => work(executor((inner) => inner(client), onPrimary))),
      ),
  };
}
