// The store: which database, and how a node uses PostgreSQL (pool, timeouts, a replica).
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

export const DATABASE_VARIABLES = [
  {
    name: "DATABASE_URL",
    fallback: "data/folio.db",
    meaning:
      "a file path or `sqlite:` URL (embedded), or `postgres://…` (the primary). Unset: `data/folio.db` in Folio's own folder (beside its `package.json`), whatever the working directory; a relative path that is set is taken from the working directory",
  },
  {
    name: "DATABASE_READ_URL",
    meaning:
      "`postgres://…` of a replica for post reads; migrations, imports and change notices stay on `DATABASE_URL`",
  },
  {
    name: "PG_POOL_SIZE",
    fallback: "10",
    meaning: "PostgreSQL connections per pool, per process (see [docs/deploy.md](docs/deploy.md))",
  },
  {
    name: "PG_STATEMENT_TIMEOUT_MS",
    fallback: "5000",
    meaning:
      "longest a PostgreSQL read may run or wait for a pooled connection; past it the request is a `503`",
  },
] as const satisfies readonly ConfigVariable[];

const setting = settingOf(DATABASE_VARIABLES);

/**
 * Folio's own folder (where its package.json is). The default store lives under it, so
 * `folio import` run from another folder writes to the store `folio serve` reads, not to a
 * new file beside wherever it was started.
 */
export const FOLIO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The store DATABASE_URL names: a relative path from the working directory; unset, the default under FOLIO_ROOT. */
export function databaseTarget(env: NodeJS.ProcessEnv): DatabaseTarget {
  const base = env.DATABASE_URL === undefined ? FOLIO_ROOT : process.cwd();
  return parseDatabaseUrl(setting(env, "DATABASE_URL"), postgresSettings(env), base);
}

/** How a node uses PostgreSQL: its pool and how long one statement may run. */
export interface PostgresSettings {
  /** Connections per pool (and per node, per URL): nodes × poolSize ≤ max_connections. */
  readonly poolSize: number;
  readonly statementTimeoutMs: number;
  /** A replica to read from; migrations, imports and LISTEN stay on the primary. */
  readonly readUrl?: string;
}

export type DatabaseTarget =
  | { readonly kind: "sqlite"; readonly path: string }
  | ({ readonly kind: "postgres"; readonly url: string } & PostgresSettings);

export const DEFAULT_POSTGRES_SETTINGS: PostgresSettings = Object.freeze({
  poolSize: 10,
  statementTimeoutMs: 5000,
});

/** `base`: the folder a relative SQLite path is taken from. */
export function parseDatabaseUrl(
  value: string,
  settings: PostgresSettings = DEFAULT_POSTGRES_SETTINGS,
  base = process.cwd(),
): DatabaseTarget {
  const text = value.trim();
  if (text === "") throw new ConfigError("DATABASE_URL is empty");
  if (isPostgresUrl(text)) {
    return Object.freeze({
      kind: "postgres",
      url: parsePostgresUrl("DATABASE_URL", text),
      ...settings,
    });
  }
  if (settings.readUrl !== undefined) {
    throw new ConfigError("DATABASE_READ_URL needs a postgres:// DATABASE_URL");
  }
  if (text.startsWith("sqlite:")) {
    const path = text.replace(/^sqlite:(\/\/)?/, "");
    if (path === "") throw new ConfigError("DATABASE_URL sqlite: URL has no file path");
    return Object.freeze({
      kind: "sqlite",
      path: path === ":memory:" ? path : resolve(base, path),
    });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new ConfigError(
      `DATABASE_URL scheme is not supported (use a file path, sqlite: or postgres://)`,
    );
  }
  return Object.freeze({ kind: "sqlite", path: text === ":memory:" ? text : resolve(base, text) });
}

export function postgresSettings(env: NodeJS.ProcessEnv): PostgresSettings {
  const readUrl = setting(env, "DATABASE_READ_URL")?.trim();
  return Object.freeze({
    poolSize: parseInteger("PG_POOL_SIZE", setting(env, "PG_POOL_SIZE"), 1, 1000),
    statementTimeoutMs: parseInteger(
      "PG_STATEMENT_TIMEOUT_MS",
      setting(env, "PG_STATEMENT_TIMEOUT_MS"),
      1,
      3_600_000,
    ),
    ...(readUrl ? { readUrl: parsePostgresUrl("DATABASE_READ_URL", readUrl) } : {}),
  });
}

const isPostgresUrl = (text: string) => /^postgres(ql)?:\/\//i.test(text);

function parsePostgresUrl(name: string, text: string): string {
  if (!isPostgresUrl(text)) throw new ConfigError(`${name} must be a postgres:// URL`);
  try {
    new URL(text);
  } catch {
    throw new ConfigError(`${name} is not a valid postgres:// URL`);
  }
  return text;
}
