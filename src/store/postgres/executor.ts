// Runs statements written once (store/statement.ts) on the PostgreSQL primary, one pooled
// connection each (or one for a whole transaction); a named statement is parsed once per
// connection.
import type { PoolClient } from "pg";
import type { Executor, Statement } from "../statement.js";
import type { OnPrimary } from "./authoring-reads.js";
import { inTransaction } from "./webhook-deliveries.js";

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
