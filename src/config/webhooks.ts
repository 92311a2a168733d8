// Webhook delivery (docs/webhooks.md): timers, concurrency, address safety. Tests shorten the
// timers here.
import { ConfigError, parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

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

const setting = settingOf(WEBHOOK_VARIABLES);

export interface WebhookSettings {
  /** This process claims and sends deliveries (a node may leave it to the others). */
  readonly deliver: boolean;
  /** Targets on loopback, private, link-local or metadata addresses are allowed. */
  readonly allowPrivate: boolean;
  /** Deliveries in flight at once, per process. */
  readonly concurrency: number;
  /** One attempt, connection to last byte read. */
  readonly timeoutMs: number;
  /** How long a claim keeps other nodes off a delivery; longer than one attempt. */
  readonly leaseMs: number;
  /** The first retry's delay; each later one doubles, up to retryMaxMs, with jitter. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Past this age a delivery that keeps failing is marked failed. */
  readonly giveUpMs: number;
  /** How often an idle process looks for due deliveries (writes wake it sooner). */
  readonly pollMs: number;
  /** How often go-lives are swept for even when no timer or write asks (a safety net). */
  readonly sweepMs: number;
}

const DAY_MS = 86_400_000;

type WebhookVariable = (typeof WEBHOOK_VARIABLES)[number]["name"];

export function webhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  const ms = (name: WebhookVariable, min = 1, max = 7 * DAY_MS) =>
    parseInteger(name, setting(env, name), min, max);
  const settings = {
    deliver: flag("WEBHOOK_DELIVERY", setting(env, "WEBHOOK_DELIVERY")),
    allowPrivate: flag("WEBHOOK_ALLOW_PRIVATE", setting(env, "WEBHOOK_ALLOW_PRIVATE")),
    concurrency: ms("WEBHOOK_CONCURRENCY", 1, 1000),
    timeoutMs: ms("WEBHOOK_TIMEOUT_MS", 10, 600_000),
    leaseMs: ms("WEBHOOK_LEASE_MS", 10),
    retryBaseMs: ms("WEBHOOK_RETRY_BASE_MS"),
    retryMaxMs: ms("WEBHOOK_RETRY_MAX_MS"),
    giveUpMs: ms("WEBHOOK_GIVE_UP_MS"),
    pollMs: ms("WEBHOOK_POLL_MS", 10, 600_000),
    sweepMs: ms("WEBHOOK_SWEEP_MS", 10),
  };
  // A lease that ends before the attempt does would let a second node send it too.
  if (settings.leaseMs <= settings.timeoutMs) {
    throw new ConfigError("WEBHOOK_LEASE_MS must be greater than WEBHOOK_TIMEOUT_MS");
  }
  if (settings.retryMaxMs < settings.retryBaseMs) {
    throw new ConfigError("WEBHOOK_RETRY_MAX_MS must not be less than WEBHOOK_RETRY_BASE_MS");
  }
  return Object.freeze(settings);
}

function flag(name: string, value: string): boolean {
  const text = value.trim().toLowerCase();
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0" || text === "") return false;
  throw new ConfigError(`${name} must be true or false`);
}
