// Every environment variable Folio reads, with its default and meaning: the one source for
// loadConfig's defaults, `folio --help` and the README's configuration table
// (scripts/config-table.ts writes it; test/docs/config-table.test.ts fails when they part).

export interface ConfigVariable {
  readonly name: string;
  /** The value used when the variable is unset; undefined: none (the feature is off). */
  readonly fallback?: string;
  /** One Markdown sentence or two for the README. */
  readonly meaning: string;
  /** Read by `folio import` (and rerender) alone (cli/import-limits.ts), not by loadConfig. */
  readonly importOnly?: true;
}

export const CONFIG_VARIABLES = [
  {
    name: "DATABASE_URL",
    fallback: "./data/folio.db",
    meaning: "a file path or `sqlite:` URL (embedded), or `postgres://…` (the primary)",
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
  {
    name: "CACHE_MAX_BYTES",
    fallback: String(64 * 1024 * 1024),
    meaning:
      "bytes (64 MiB) the in-process response cache may hold, remembered misses included (`0`: no cache)",
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
  {
    name: "TRUST_PROXY",
    fallback: "false",
    meaning:
      "whose `X-Forwarded-For` names the client: `false` (the socket's address), `true` (anyone: only behind a proxy that overwrites it), a hop count, or a comma list of proxy addresses/CIDRs",
  },
  {
    name: "MAX_HEADER_BYTES",
    fallback: "16384",
    meaning: "request line + headers; over it Node's parser answers `431 headers_too_large`",
  },
  {
    name: "HEADERS_TIMEOUT_MS",
    fallback: "10000",
    meaning:
      "time a client has to send its request line and headers (slowloris); then `408` and close",
  },
  {
    name: "REQUEST_TIMEOUT_MS",
    fallback: "30000",
    meaning: "time a client has to send its whole request; not less than `HEADERS_TIMEOUT_MS`",
  },
  {
    name: "SEND_TIMEOUT_MS",
    fallback: "30000",
    meaning:
      "a response the client stops reading (no byte taken for this long) is cut and its connection closed",
  },
  {
    name: "KEEP_ALIVE_TIMEOUT_MS",
    fallback: "72000",
    meaning:
      "an idle keep-alive connection is closed after this; keep it above the idle timeout of any load balancer in front and above clients' reuse window (Node fetch: ~5 s)",
  },
  {
    name: "MAX_CONNECTIONS",
    fallback: "10000",
    meaning:
      "open connections per process; more are dropped on accept (`0`: no cap; keep it under `ulimit -n`)",
  },
  {
    name: "MAX_CONNECTIONS_PER_CLIENT",
    fallback: "auto",
    meaning:
      "open connections one client address may hold; more are dropped on accept (`0`: no cap). `auto`: 256, or no cap when `TRUST_PROXY` is set (every connection then comes from the proxy)",
  },
  {
    name: "MAX_EVENT_LOOP_DELAY_MS",
    fallback: "1000",
    meaning:
      "mean event-loop delay over one second above which requests are shed with `503` + `Retry-After` (`0`: off)",
  },
  {
    name: "SHUTDOWN_TIMEOUT_MS",
    fallback: "10000",
    meaning:
      "on SIGTERM/SIGINT, how long in-flight requests get to finish before the process exits 1",
  },
  {
    name: "MAX_BODY_BYTES",
    fallback: String(2 * 1024 * 1024),
    meaning: "largest write body (2 MiB) the authoring API accepts; a larger one is `413`",
  },
  {
    name: "WRITE_RATE_LIMIT",
    fallback: "120",
    meaning: "authoring writes per minute per API key, counted per process (`0`: off)",
  },
  {
    name: "VIEWS_FLUSH_MS",
    fallback: "5000",
    meaning:
      "how often counted page views are written to the store (a crash loses at most this much counting)",
  },
  {
    name: "WEBHOOK_DELIVERY",
    fallback: "true",
    meaning:
      "`false`: this process records events but leaves sending them to other nodes ([docs/webhooks.md](docs/webhooks.md))",
  },
  {
    name: "WEBHOOK_ALLOW_PRIVATE",
    fallback: "false",
    meaning:
      "`true`: allow webhook targets on loopback, private, link-local and metadata addresses (trusted networks, tests)",
  },
  {
    name: "WEBHOOK_CONCURRENCY",
    fallback: "8",
    meaning: "webhook attempts in flight at once, per process",
  },
  {
    name: "WEBHOOK_TIMEOUT_MS",
    fallback: "10000",
    meaning: "one webhook attempt, connect to last byte read",
  },
  {
    name: "WEBHOOK_LEASE_MS",
    fallback: "60000",
    meaning:
      "how long a claimed delivery keeps other nodes off it; greater than `WEBHOOK_TIMEOUT_MS`",
  },
  {
    name: "WEBHOOK_RETRY_BASE_MS",
    fallback: "5000",
    meaning: "the first retry's delay; each later one doubles, with jitter",
  },
  {
    name: "WEBHOOK_RETRY_MAX_MS",
    fallback: "3600000",
    meaning: "the longest delay between two attempts of one delivery",
  },
  {
    name: "WEBHOOK_GIVE_UP_MS",
    fallback: "86400000",
    meaning: "age (a day) after which a delivery that keeps failing is marked failed",
  },
  {
    name: "WEBHOOK_POLL_MS",
    fallback: "1000",
    meaning: "how often an idle process looks for due deliveries (writes wake it sooner)",
  },
  {
    name: "WEBHOOK_SWEEP_MS",
    fallback: "60000",
    meaning: "how often scheduled go-lives are swept for besides their own timers (a safety net)",
  },
  {
    name: "IMPORT_MAX_BYTES",
    fallback: String(8 * 1024 ** 3),
    meaning:
      "`folio import`: bytes (8 GiB) read after decompression before the import stops, writing nothing (`--max-bytes`)",
    importOnly: true,
  },
  {
    name: "IMPORT_MAX_RECORDS",
    fallback: "10000000",
    meaning:
      "`folio import`: records read before the import stops, writing nothing (`--max-records`)",
    importOnly: true,
  },
  {
    name: "IMPORT_THREADS",
    fallback: "auto",
    meaning:
      "`folio import` and `folio rerender`: worker threads parsing and rendering posts while the main thread writes (`--threads`); `auto`: one per core (`os.availableParallelism()`); `1`: all on the main thread, as before",
    importOnly: true,
  },
] as const satisfies readonly ConfigVariable[];

type Variable = (typeof CONFIG_VARIABLES)[number];
export type VariableName = Variable["name"];
type WithFallback = Extract<Variable, { fallback: string }>["name"];

const byName = new Map<string, ConfigVariable>(CONFIG_VARIABLES.map((v) => [v.name, v]));

/** The variable's value, or its default when unset (an empty value is a value: checked). */
export function setting(env: NodeJS.ProcessEnv, name: WithFallback): string;
export function setting(env: NodeJS.ProcessEnv, name: VariableName): string | undefined;
export function setting(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  return env[name] ?? byName.get(name)?.fallback;
}
