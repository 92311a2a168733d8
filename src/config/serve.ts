// A serving process: where it listens, the site it serves, its logs and workers, its response
// cache and its metrics.
import { availableParallelism } from "node:os";
import {
  ConfigError,
  headerValue,
  nonEmpty,
  oneOf,
  optionalPort,
  parseBoolean,
  parseInteger,
} from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

export const SERVER_VARIABLES = [
  { name: "PORT", fallback: "8080", meaning: "port to listen on (`0`: any free port)" },
  {
    name: "HOST",
    fallback: "127.0.0.1",
    meaning: "address to listen on (`0.0.0.0` to serve other machines)",
  },
  {
    name: "SITE_URL",
    fallback: "http://localhost:8080",
    meaning: "public site the canonical `Link` points to (`{SITE_URL}/@pub/slug`)",
  },
  {
    name: "SITE_THEME_DIR",
    meaning:
      "folder of the reader site's theme (a copy of `themes/default`: Handlebars templates and `style.css`; see [docs/themes.md](docs/themes.md)); unset: the default theme",
  },
  {
    name: "LOG_LEVEL",
    fallback: "info",
    meaning: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`",
  },
  {
    name: "FOLIO_WORKERS",
    fallback: "1",
    meaning:
      "processes serving the port (node:cluster), a number or `auto` (one per core); each has its own cache, kept coherent like separate nodes",
  },
] as const satisfies readonly ConfigVariable[];

export const CACHE_VARIABLES = [
  {
    name: "CACHE_MAX_BYTES",
    fallback: String(64 * 1024 * 1024),
    meaning:
      "bytes (64 MiB) the in-process response caches may hold together: posts, lists, remembered misses and slug keys, each with what its object costs (`0`: no cache)",
  },
  {
    name: "CACHE_MISS_TTL_MS",
    fallback: "5000",
    meaning:
      "how long a “not found” is believed without a change notice (a post scheduled for later appears within this)",
  },
  {
    name: "CACHE_CONTROL",
    fallback: "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400",
    meaning: "the `Cache-Control` of successful reads (errors are always `no-store`)",
  },
] as const satisfies readonly ConfigVariable[];

export const METRICS_VARIABLES = [
  {
    name: "METRICS_PORT",
    meaning: "serve Prometheus `/metrics` on this port (on `HOST`); with workers, all of them",
  },
  {
    name: "METRICS_ON_API_PORT",
    fallback: "false",
    meaning:
      "`true`: also serve `/metrics` on `PORT`, to anyone who can reach it; otherwise only on `METRICS_PORT`, or nowhere",
  },
] as const satisfies readonly ConfigVariable[];

const setting = settingOf([...SERVER_VARIABLES, ...CACHE_VARIABLES, ...METRICS_VARIABLES]);

export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly siteUrl: string;
  /** The reader site's theme folder; undefined: the default theme. */
  readonly siteThemeDir: string | undefined;
  readonly logLevel: string;
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
  /** Worker processes sharing the port (node:cluster); 1 serves from this process. */
  readonly workers: number;
}

/** Whether /metrics is served anywhere; when it is not, nothing is observed for it. */
export const metricsServed = (s: Pick<ServerSettings, "metricsPort" | "metricsOnApiPort">) =>
  s.metricsPort !== undefined || s.metricsOnApiPort;

const MiB = 1024 * 1024;
export const DEFAULT_CACHE_CONTROL = setting({}, "CACHE_CONTROL");
type IntegerName = "PORT" | "CACHE_MAX_BYTES" | "CACHE_MISS_TTL_MS";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function serverSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const integer = (name: IntegerName, min: number, max: number) =>
    parseInteger(name, setting(env, name), min, max);
  return {
    port: integer("PORT", 0, 65535),
    host: nonEmpty("HOST", setting(env, "HOST")),
    siteUrl: parseSiteUrl(setting(env, "SITE_URL")),
    siteThemeDir: optionalPath(setting(env, "SITE_THEME_DIR")),
    logLevel: oneOf("LOG_LEVEL", setting(env, "LOG_LEVEL"), LOG_LEVELS),
    cacheMaxBytes: integer("CACHE_MAX_BYTES", 0, 64 * 1024 * MiB),
    cacheMissTtlMs: integer("CACHE_MISS_TTL_MS", 0, 3_600_000),
    workers: parseWorkers(setting(env, "FOLIO_WORKERS")),
    cacheControl: headerValue("CACHE_CONTROL", setting(env, "CACHE_CONTROL")),
    metricsPort: optionalPort("METRICS_PORT", setting(env, "METRICS_PORT")),
    metricsOnApiPort: parseBoolean("METRICS_ON_API_PORT", setting(env, "METRICS_ON_API_PORT")),
  };
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
