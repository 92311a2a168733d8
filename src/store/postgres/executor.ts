// Runs statements written once (store/statement.ts) on the PostgreSQL primary, one pooled
// connection each; a named statement is parsed once per connection.
import type { Executor, Statement } from "../statement.js";
import type { OnPrimary } from "./authoring-reads.js";

export function postgresExecutor(onPrimary: OnPrimary): Executor {
  const run = <A>(s: Statement<A>, args: A) =>
    onPrimary((client) =>
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
  };
}
