// Statements written once for both backends. Each is built with Kysely on a "cold" instance
// (no driver: Kysely only compiles) for each dialect when its module loads, and run by the
// backend's own executor (sqlite/executor.ts, postgres/executor.ts), so nothing is compiled per
// request. Arguments are named: the builder is handed stand-ins, and the compiled parameter
// list says where each argument goes.
import {
  sql,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type DatabaseIntrospector,
  type DialectAdapter,
  type QueryCompiler,
  type RawBuilder,
  type Selectable,
} from "./kysely.js";
import type { Tables } from "./tables.js";

/** A Kysely that only compiles, to one dialect. */
function cold(
  Adapter: new () => DialectAdapter,
  Introspector: new (db: Kysely<unknown>) => DatabaseIntrospector,
  Compiler: new () => QueryCompiler,
): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

const builders = {
  sqlite: cold(SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler),
  postgres: cold(PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler),
};

export type Dialect = keyof typeof builders;

/** One dialect's text, and its parameters for a call's arguments. */
export interface Compiled<A> {
  readonly sql: string;
  values(args: A): unknown[];
}

/** `R`: a row of its answer, as Kysely's builder typed it. */
export interface Statement<A, R = unknown> {
  readonly sqlite: Compiled<A>;
  readonly postgres: Compiled<A>;
  /** A name PostgreSQL keeps the parsed statement by, per connection (hot reads). */
  readonly name?: string;
  /** Never set: carries the row type from the builder to the executor. */
  readonly row?: R;
}

/** Some columns of a table as either backend reads them. */
export type Row<T extends keyof Tables, C extends keyof Tables[T]> = Pick<
  Selectable<Tables[T]>,
  C & keyof Selectable<Tables[T]>
>;

/** What the backends run a statement with: its rows, or how many rows it changed. */
export interface Executor {
  rows<A, R>(statement: Statement<A, R>, args: A): Promise<R[]>;
  changes<A>(statement: Statement<A>, args: A): Promise<number>;
  /** `work` in one transaction, its statements on one connection (on SQLite, in its turn). */
  transaction<T>(work: (sql: Executor) => Promise<T>): Promise<T>;
}

/** A read-only executor: what a role that only reads is given (on PostgreSQL, the read pool). */
export type Reads = Pick<Executor, "rows">;

/**
 * `column` is one of `keys`, a list bound as one parameter so the text is the same for any
 * count: on SQLite a JSON array (its executor binds a list so), on PostgreSQL an array.
 */
export function among(column: string, keys: unknown, dialect: Dialect): RawBuilder<boolean> {
  return dialect === "sqlite"
    ? sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${keys}))`
    : sql<boolean>`${sql.ref(column)} = ANY(${keys}::text[])`;
}

/** `column` equals `value`, or `value` is null: an optional filter in one statement. */
export const optional = (column: string, value: unknown) =>
  sql<boolean>`(cast(${value} as text) IS NULL OR ${sql.ref(column)} = ${value})`;

/** Where an argument goes: the builder sees one of these in its place. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * A statement with named arguments `A`, compiled for both dialects now. The builder is told
 * the dialect for the rare function that differs (an aggregate of text, say). It may give a
 * whole `sql` template instead of a query builder, for what the builder cannot say (a plan
 * pin); its arguments are then placed and numbered all the same.
 */
export function statement<A extends object = Record<string, never>, R = unknown>(
  build: (db: Kysely<Tables>, args: A, dialect: Dialect) => Compilable<R> | RawBuilder<R>,
  name?: string,
): Statement<A, R> {
  const stand = new Proxy({}, { get: (_, key) => new Slot(String(key)) }) as A;
  const compile = (dialect: Dialect): Compiled<A> => {
    const built = build(builders[dialect], stand, dialect);
    const { sql, parameters } =
      "isRawBuilder" in built ? built.compile(builders[dialect]) : built.compile();
    const picks = parameters.map((parameter) =>
      parameter instanceof Slot
        ? (args: A) => (args as Record<string, unknown>)[parameter.key]
        : () => parameter,
    );
    return { sql, values: (args) => picks.map((pick) => pick(args)) };
  };
  return {
    sqlite: compile("sqlite"),
    postgres: compile("postgres"),
    ...(name === undefined ? {} : { name }),
  };
}
