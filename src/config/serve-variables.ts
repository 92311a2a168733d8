// The variables of a serving process: where it listens and stores, how it caches, and what
// it shares with other nodes. Concatenated by config-schema.ts, whose order is the README's.
import type { ConfigVariable } from "../config-schema.js";

export const SERVER_VARIABLES = [
  {
    name: "DATABASE_URL",
    fallback: "data/folio.db",
    meaning:
      "a file path or `sqlite:` URL (embedded), or `postgres://…` (the primary). Unset: `data/folio.db` in Folio's own folder (beside its `package.json`), whatever the working directory; a relative path that is set is taken from the working directory",
  },
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

export const POSTGRES_VARIABLES = [
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

export const SHARED_VARIABLES = [
  {
    name: "RATE_LIMIT",
    fallback: "600",
    meaning:
      "requests per minute per client address (`0`: off); counted per process unless `REDIS_URL` is set",
  },
  {
    name: "REDIS_URL",
    meaning:
      "`redis://…`: count `RATE_LIMIT` in Redis, shared by every node and worker; Redis out of reach → each process counts alone (one warning), never an error",
  },
  {
    name: "REDIS_KEY_PREFIX",
    fallback: "folio:",
    meaning: "prefix of Folio's keys in Redis (to share one Redis between deployments)",
  },
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
