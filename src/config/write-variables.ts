// Writing posts and what follows a write: the authoring API, webhook delivery, `npx folio import`.
import type { ConfigVariable } from "../config-schema.js";

export const AUTHORING_VARIABLES = [
  {
    name: "MAX_BODY_BYTES",
    fallback: String(2 * 1024 * 1024),
    meaning: "largest write body (2 MiB) the authoring API accepts; a larger one is `413`",
  },
  {
    name: "WRITE_RATE_LIMIT",
    fallback: "120",
    meaning:
      "authoring writes per minute per API key, counted across nodes in Redis with `REDIS_URL`, else per process (`0`: off)",
  },
  {
    name: "VIEWS_FLUSH_MS",
    fallback: "5000",
    meaning:
      "how often counted page views are written to the store (a crash loses at most this much counting)",
  },
] as const satisfies readonly ConfigVariable[];

export const WEBHOOK_VARIABLES = [
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
] as const satisfies readonly ConfigVariable[];

export const IMPORT_VARIABLES = [
  {
    name: "IMPORT_MAX_BYTES",
    fallback: String(8 * 1024 ** 3),
    meaning:
      "`npx folio import`: bytes (8 GiB) read after decompression before the import stops, writing nothing (`--max-bytes`)",
    importOnly: true,
  },
  {
    name: "IMPORT_MAX_RECORDS",
    fallback: "10000000",
    meaning:
      "`npx folio import`: records read before the import stops, writing nothing (`--max-records`)",
    importOnly: true,
  },
  {
    name: "IMPORT_THREADS",
    fallback: "auto",
    meaning:
      "`npx folio import` and `npx folio rerender`: worker threads parsing and rendering posts while the main thread writes (`--threads`); `auto`: one per core (`os.availableParallelism()`); `1`: all on the main thread, as before",
    importOnly: true,
  },
] as const satisfies readonly ConfigVariable[];
