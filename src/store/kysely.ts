// Kysely, as the statements written once (statement.ts) use it. Its package is some 280
// modules, and loading them cost every process (each `folio` command, each test file) about
// 0.2 s; the build replaces this file's compiled form with one bundle of what it exports
// (scripts/build.js), which loads in a few milliseconds. Import Kysely from here, not from
// "kysely": a second copy would be loaded beside the bundle.
export {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
export type {
  ColumnType,
  Compilable,
  DatabaseIntrospector,
  DialectAdapter,
  QueryCompiler,
  RawBuilder,
  Selectable,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from "kysely";
