// Environment → validated, frozen Config. Every knob of the process is read here, once.
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { authoringSettings, type AuthoringSettings } from "./config-authoring.js";
import { limitSettings, type LimitSettings } from "./config-limits.js";
import { setting, type VariableName } from "./config-schema.js";
import { webhookSettings, type WebhookSettings } from "./config-webhooks.js";

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

export interface RedisSettings {
  readonly url: string;
  readonly keyPrefix: string;
}

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
  /** When set, /metrics is served on this port (on HOST). */
  readonly metricsPort: number | undefined;
  /** /metrics on the API's port too: only when asked (METRICS_ON_API_PORT=true). */
  readonly metricsOnApiPort: boolean;
  /** Where rate-limit counters are shared between processes; undefined: each counts alone. */
  readonly redis: RedisSettings | undefined;
  /** Worker processes sharing the port (node:cluster); 1 serves from this process. */
  readonly workers: number;
  /** What one client may cost: connections, timeouts, rate, overload (config-limits.ts). */
  readonly limits: LimitSettings;
  /** API keys, write bodies and rates, page views (config-authoring.ts). */
  readonly authoring: AuthoringSettings;
  /** Webhook delivery: timers, concurrency, address safety (config-webhooks.ts). */
  readonly webhooks: WebhookSettings;
}

export class ConfigError extends Error {}

const MiB = 1024 * 1024;
export const DEFAULT_CACHE_CONTROL = setting({}, "CACHE_CONTROL");
type IntegerName = "PORT" | "RATE_LIMIT" | "CACHE_MAX_BYTES" | "CACHE_MISS_TTL_MS";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const integer = (name: IntegerName, min: number, max: number) =>
    parseInteger(name, setting(env, name), min, max);
  return Object.freeze({
    database: parseDatabaseUrl(setting(env, "DATABASE_URL"), postgresSettings(env)),
    port: integer("PORT", 0, 65535),
    host: nonEmpty("HOST", setting(env, "HOST")),
    siteUrl: parseSiteUrl(setting(env, "SITE_URL")),
    logLevel: oneOf("LOG_LEVEL", setting(env, "LOG_LEVEL"), LOG_LEVELS),
    rateLimit: integer("RATE_LIMIT", 0, 1_000_000_000),
    cacheMaxBytes: integer("CACHE_MAX_BYTES", 0, 64 * 1024 * MiB),
    cacheMissTtlMs: integer("CACHE_MISS_TTL_MS", 0, 3_600_000),
    workers: parseWorkers(setting(env, "FOLIO_WORKERS")),
    cacheControl: headerValue("CACHE_CONTROL", setting(env, "CACHE_CONTROL")),
    metricsPort: optionalPort(env, "METRICS_PORT"),
    metricsOnApiPort: parseBoolean("METRICS_ON_API_PORT", setting(env, "METRICS_ON_API_PORT")),
    redis: redisSettings(env),
    limits: limitSettings(env),
    authoring: authoringSettings(env),
    webhooks: webhookSettings(env),
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

function optionalPort(env: NodeJS.ProcessEnv, name: VariableName): number | undefined {
  const value = setting(env, name);
  return value === undefined || value === "" ? undefined : parseInteger(name, value, 0, 65535);
}

function parseBoolean(name: string, value: string): boolean {
  return oneOf(name, value.trim().toLowerCase(), ["true", "false"]) === "true";
}

function redisSettings(env: NodeJS.ProcessEnv): RedisSettings | undefined {
  const keyPrefix = setting(env, "REDIS_KEY_PREFIX");
  const url = setting(env, "REDIS_URL")?.trim();
  if (url === undefined || url === "") return undefined;
  if (!/^rediss?:\/\/[^/]/i.test(url) || !URL.canParse(url)) {
    throw new ConfigError("REDIS_URL must be a redis:// or rediss:// URL");
  }
  return Object.freeze({ url, keyPrefix });
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === "") throw new ConfigError(`${name} is empty`);
  return value.trim();
}
