// Environment → validated, frozen Config. Every knob of the process is read here, once.
// Sections with more than a few knobs build themselves in config-*.ts; their types and the
// shared checks are re-exported so every caller keeps importing from here.
import { availableParallelism } from "node:os";
import { authoringSettings, type AuthoringSettings } from "./config-authoring.js";
import { deskSettings, type DeskSettings } from "./config-desk.js";
import { databaseTarget, type DatabaseTarget } from "./config-database.js";
import { limitSettings, type LimitSettings } from "./config-limits.js";
import {
  ConfigError,
  headerValue,
  nonEmpty,
  oneOf,
  optionalPort,
  parseBoolean,
  parseInteger,
} from "./config-parse.js";
import { setting } from "./config-schema.js";
import { webhookSettings, type WebhookSettings } from "./config-webhooks.js";

export { ConfigError, parseInteger } from "./config-parse.js";
export {
  DEFAULT_POSTGRES_SETTINGS,
  parseDatabaseUrl,
  type DatabaseTarget,
  type PostgresSettings,
} from "./config-database.js";

export interface RedisSettings {
  readonly url: string;
  readonly keyPrefix: string;
}

export interface Config {
  readonly database: DatabaseTarget;
  readonly port: number;
  readonly host: string;
  readonly siteUrl: string;
  /** The reader site's theme folder; undefined: the default theme. */
  readonly siteThemeDir: string | undefined;
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
  /** The writer's desk: invites, sessions, uploads (config-desk.ts). */
  readonly desk: DeskSettings;
}

const MiB = 1024 * 1024;
export const DEFAULT_CACHE_CONTROL = setting({}, "CACHE_CONTROL");
type IntegerName = "PORT" | "RATE_LIMIT" | "CACHE_MAX_BYTES" | "CACHE_MISS_TTL_MS";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const integer = (name: IntegerName, min: number, max: number) =>
    parseInteger(name, setting(env, name), min, max);
  return Object.freeze({
    database: databaseTarget(env),
    port: integer("PORT", 0, 65535),
    host: nonEmpty("HOST", setting(env, "HOST")),
    siteUrl: parseSiteUrl(setting(env, "SITE_URL")),
    siteThemeDir: optionalPath(setting(env, "SITE_THEME_DIR")),
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
    desk: deskSettings(env),
  });
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

function optionalPath(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function parseWorkers(value: string): number {
  if (value.trim() === "auto") return availableParallelism();
  return parseInteger("FOLIO_WORKERS", value, 1, 256);
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
