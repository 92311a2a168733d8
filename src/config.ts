// Environment → validated, frozen Config. Every knob of the process is read here, once.
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { limitSettings, type LimitSettings } from "./config-limits.js";

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

export interface Config {
  readonly database: DatabaseTarget;
  readonly port: number;
  readonly host: string;
  readonly siteUrl: string;
  readonly logLevel: string;
  /** Requests per minute per client; 0 turns limiting off. */
  readonly rateLimit: number;
  /** Bytes the response cache may hold; 0 turns it off. */
  readonly cacheMaxBytes: number;
  /** How long a "not found" is believed without a change notice. */
  readonly cacheMissTtlMs: number;
  /** The Cache-Control header of successful reads. */
  readonly cacheControl: string;
  /** When set, /metrics is served only on this port (on HOST), not on the API's port. */
  readonly metricsPort: number | undefined;
  /** Worker processes sharing the port (node:cluster); 1 serves from this process. */
  readonly workers: number;
  /** What one client may cost: connections, timeouts, rate, overload (config-limits.ts). */
  readonly limits: LimitSettings;
}

export class ConfigError extends Error {}

const MiB = 1024 * 1024;
export const DEFAULT_CACHE_CONTROL =
  "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return Object.freeze({
    database: parseDatabaseUrl(env.DATABASE_URL ?? "./data/folio.db", postgresSettings(env)),
    port: parseInteger("PORT", env.PORT ?? "8080", 0, 65535),
    host: nonEmpty("HOST", env.HOST ?? "127.0.0.1"),
    siteUrl: parseSiteUrl(env.SITE_URL ?? "http://localhost:8080"),
    logLevel: oneOf("LOG_LEVEL", env.LOG_LEVEL ?? "info", LOG_LEVELS),
    rateLimit: parseInteger("RATE_LIMIT", env.RATE_LIMIT ?? "600", 0, 1_000_000_000),
    cacheMaxBytes: parseInteger(
      "CACHE_MAX_BYTES",
      env.CACHE_MAX_BYTES ?? String(64 * MiB),
      0,
      64 * 1024 * MiB,
    ),
    cacheMissTtlMs: parseInteger(
      "CACHE_MISS_TTL_MS",
      env.CACHE_MISS_TTL_MS ?? "5000",
      0,
      3_600_000,
    ),
    workers: parseWorkers(env.FOLIO_WORKERS ?? "1"),
    cacheControl: headerValue("CACHE_CONTROL", env.CACHE_CONTROL ?? DEFAULT_CACHE_CONTROL),
    metricsPort:
      env.METRICS_PORT === undefined || env.METRICS_PORT === ""
        ? undefined
        : parseInteger("METRICS_PORT", env.METRICS_PORT, 0, 65535),
    limits: limitSettings(env),
  });
}

export function parseDatabaseUrl(
  value: string,
  settings: PostgresSettings = DEFAULT_POSTGRES_SETTINGS,
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
    return Object.freeze({ kind: "sqlite", path: path === ":memory:" ? path : resolve(path) });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new ConfigError(
      `DATABASE_URL scheme is not supported (use a file path, sqlite: or postgres://)`,
    );
  }
  return Object.freeze({ kind: "sqlite", path: text === ":memory:" ? text : resolve(text) });
}

function postgresSettings(env: NodeJS.ProcessEnv): PostgresSettings {
  const readUrl = env.DATABASE_READ_URL?.trim();
  return Object.freeze({
    poolSize: parseInteger("PG_POOL_SIZE", env.PG_POOL_SIZE ?? "10", 1, 1000),
    statementTimeoutMs: parseInteger(
      "PG_STATEMENT_TIMEOUT_MS",
      env.PG_STATEMENT_TIMEOUT_MS ?? "5000",
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

export function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}`);
  return n;
}

function parseSiteUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError("SITE_URL must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("SITE_URL must be an absolute http(s) URL");
  }
  return url.href.replace(/\/+$/, "");
}

function oneOf(name: string, value: string, allowed: string[]): string {
  if (!allowed.includes(value))
    throw new ConfigError(`${name} must be one of ${allowed.join(", ")}`);
  return value;
}

function parseWorkers(value: string): number {
  if (value.trim() === "auto") return availableParallelism();
  return parseInteger("FOLIO_WORKERS", value, 1, 256);
}

function headerValue(name: string, value: string): string {
  if (!/^[\x20-\x7e]+$/.test(value)) throw new ConfigError(`${name} must be printable ASCII`);
  return value.trim();
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === "") throw new ConfigError(`${name} is empty`);
  return value.trim();
}
