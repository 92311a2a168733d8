// Runs statements written once (store/statement.ts) on a SQLite connection: each prepared the
// first time it runs, then kept; failures in the store's words (errors.ts). Given a turn (the
// store's write queue), a statement that writes waits for it; reads never wait.
import type Database from "better-sqlite3";
import type { Compiled, Executor, Statement } from "../statement.js";
import { inTransaction } from "./background.js";
import { guarded } from "./errors.js";
import type { Exclusive } from "./views.js";

/** SQLite binds no booleans, lists or undefined: they go as 1/0, JSON arrays and NULL. */
const bindable = (value: unknown) =>
  value === undefined
    ? null
    : typeof value === "boolean"
      ? Number(value)
      : Array.isArray(value)
        ? JSON.stringify(value)
        : value;

/** `db` may be given as a function: the connection is then opened by the first statement. */
export function sqliteExecutor(
  db: Database.Database | (() => Database.Database),
  turn?: Exclusive,
): Executor {
  return executor(typeof db === "function" ? db : () => db, new WeakMap(), turn);
}

function executor(
  db: () => Database.Database,
  prepared: WeakMap<Compiled<never>, Database.Statement>,
  turn: Exclusive | undefined,
): Executor {
  const run = async <A, T>(
    s: Statement<A>,
    args: A,
    use: (statement: Database.Statement, values: unknown[]) => T,
  ): Promise<T> => {
    const compiled = s.sqlite as Compiled<never>;
    let statement = prepared.get(compiled);
    if (statement === undefined) {
      statement = guarded(() => db().prepare(compiled.sql));
      prepared.set(compiled, statement);
    }
    const ready = statement;
    const work = () => guarded(() => use(ready, compiled.values(args as never).map(bindable)));
    return turn !== undefined && !ready.readonly ? turn(work) : work();
  };
  return {
    rows: (s, args) =>
      run(s, args, (statement, values) =>
        statement.reader ? statement.all(...values) : (statement.run(...values), []),
      ) as never,
    changes: (s, args) => run(s, args, (statement, values) => statement.run(...values).changes),
    transaction(work) {
      // Inside, statements run at once: the transaction already holds the turn.
      const inside = () => inTransaction(db(), () => work(executor(db, prepared, undefined)));
      return turn === undefined ? inside() : turn(inside);
    },
  };
}
