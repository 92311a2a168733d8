// Runs statements written once (store/statement.ts) on a SQLite connection: each prepared the
// first time it runs, then kept; failures in the store's words (errors.ts).
import type Database from "better-sqlite3";
import type { Compiled, Executor } from "../statement.js";
import { guarded } from "./errors.js";

/** SQLite binds no booleans and no undefined: they go as 1/0 and NULL. */
const bindable = (value: unknown) =>
  value === undefined ? null : typeof value === "boolean" ? Number(value) : value;

export function sqliteExecutor(db: Database.Database): Executor {
  const prepared = new WeakMap<Compiled<never>, Database.Statement>();
  const run = <T>(
    compiled: Compiled<never>,
    args: unknown,
    use: (s: Database.Statement, values: unknown[]) => T,
  ) =>
    guarded(() => {
      let statement = prepared.get(compiled);
      if (statement === undefined) prepared.set(compiled, (statement = db.prepare(compiled.sql)));
      return use(statement, compiled.values(args as never).map(bindable));
    });
  return {
    async rows(s, args) {
      return run(s.sqlite as Compiled<never>, args, (statement, values) =>
        statement.reader ? statement.all(...values) : (statement.run(...values), []),
      ) as never;
    },
    async changes(s, args) {
      return run(
        s.sqlite as Compiled<never>,
        args,
        (statement, values) => statement.run(...values).changes,
      );
    },
  };
}
