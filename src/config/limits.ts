// What one client may cost a process (docs/security.md): connections, timeouts, overload,
// and the per-client request rate, counted alone or shared through Redis.
import { isIP } from "node:net";
import { ConfigError, parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

export const LIMIT_VARIABLES = [
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
      "open connections one client address may hold; a connection past it gets `503` + `Retry-After` to its first request, then is closed (`0`: no cap; sizing: docs/deploy.md). `auto`: 256, or no cap when `TRUST_PROXY` is set (every connection then comes from the proxy)",
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
] as const satisfies readonly ConfigVariable[];

export const RATE_VARIABLES = [
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
    name: "REDIS_TIMEOUT_MS",
    fallback: "250",
    meaning:
      "how long a request waits for Redis's count before this process counts it alone (and warns once)",
  },
] as const satisfies readonly ConfigVariable[];

const setting = settingOf(LIMIT_VARIABLES);
const rateSetting = settingOf(RATE_VARIABLES);

export interface RedisSettings {
  readonly url: string;
  readonly keyPrefix: string;
  /** A count slower than this is taken locally: a slow Redis must not slow every request. */
  readonly timeoutMs: number;
}

/** Requests per minute per client (0: off), and where the counts are shared, if anywhere. */
export function rateSettings(env: NodeJS.ProcessEnv): {
  rateLimit: number;
  redis: RedisSettings | undefined;
} {
  const rateLimit = parseInteger("RATE_LIMIT", rateSetting(env, "RATE_LIMIT"), 0, 1_000_000_000);
  return { rateLimit, redis: redisSettings(env) };
}

function redisSettings(env: NodeJS.ProcessEnv): RedisSettings | undefined {
  const keyPrefix = rateSetting(env, "REDIS_KEY_PREFIX");
  // Checked whether or not REDIS_URL is set: a bad value fails at start, not when Redis is added.
  const timeoutMs = parseInteger(
    "REDIS_TIMEOUT_MS",
    rateSetting(env, "REDIS_TIMEOUT_MS"),
    1,
    60_000,
  );
  const url = rateSetting(env, "REDIS_URL")?.trim();
  if (url === undefined || url === "") return undefined;
  if (!/^rediss?:\/\/[^/]/i.test(url) || !URL.canParse(url)) {
    throw new ConfigError("REDIS_URL must be a redis:// or rediss:// URL");
  }
  return Object.freeze({ url, keyPrefix, timeoutMs });
}

export interface LimitSettings {
  /** Fastify's trustProxy: whom to believe about the client address (X-Forwarded-For). */
  readonly trustProxy: boolean | number | readonly string[];
  readonly maxHeaderBytes: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** A response making no progress (the client stopped reading) for this long is cut; 0 = never. */
  readonly sendTimeoutMs: number;
  /** Open connections at once; 0 = no cap. */
  readonly maxConnections: number;
  /** Open connections one client address may hold; 0 = no cap. */
  readonly maxConnectionsPerClient: number;
  /** Event-loop delay above which requests are shed with 503; 0 = off. */
  readonly maxEventLoopDelayMs: number;
  readonly shutdownTimeoutMs: number;
}

export function limitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const integer = (name: LimitName, min: number, max: number) =>
    parseInteger(name, setting(env, name), min, max);
  const ms = (name: LimitName, min = 1) => integer(name, min, 3_600_000);
  const trustProxy = parseTrustProxy(setting(env, "TRUST_PROXY"));
  const limits = {
    trustProxy,
    maxHeaderBytes: integer("MAX_HEADER_BYTES", 1024, 2 ** 20),
    headersTimeoutMs: ms("HEADERS_TIMEOUT_MS"),
    requestTimeoutMs: ms("REQUEST_TIMEOUT_MS"),
    // Above common load-balancer idle timeouts (60 s), and far above what clients assume: a
    // server closing first races clients reusing the socket (Node fetch reuses up to ~5 s).
    keepAliveTimeoutMs: ms("KEEP_ALIVE_TIMEOUT_MS"),
    sendTimeoutMs: ms("SEND_TIMEOUT_MS", 0),
    maxConnections: integer("MAX_CONNECTIONS", 0, 1_000_000),
    maxConnectionsPerClient: perClient(setting(env, "MAX_CONNECTIONS_PER_CLIENT"), trustProxy),
    maxEventLoopDelayMs: ms("MAX_EVENT_LOOP_DELAY_MS", 0),
    shutdownTimeoutMs: ms("SHUTDOWN_TIMEOUT_MS"),
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError("HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS");
  }
  return Object.freeze(limits);
}

type LimitName = Extract<
  (typeof LIMIT_VARIABLES)[number]["name"],
  | "MAX_HEADER_BYTES"
  | `${"HEADERS" | "REQUEST" | "KEEP_ALIVE" | "SEND" | "SHUTDOWN"}_TIMEOUT_MS`
  | "MAX_CONNECTIONS"
  | "MAX_EVENT_LOOP_DELAY_MS"
>;

/** Without a proxy a client is its address: 256 connections is many browsers' worth. */
const DEFAULT_CONNECTIONS_PER_CLIENT = 256;

function perClient(value: string, trustProxy: LimitSettings["trustProxy"]): number {
  // Behind a trusted proxy every connection comes from the proxy: a cap would cap it.
  if (value.trim() === "auto") return trustProxy === false ? DEFAULT_CONNECTIONS_PER_CLIENT : 0;
  return parseInteger("MAX_CONNECTIONS_PER_CLIENT", value, 0, 1_000_000);
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** false | true | a hop count | a comma list of addresses, CIDRs or proxy-addr names. */
export function parseTrustProxy(value: string): boolean | number | readonly string[] {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return parseInteger("TRUST_PROXY", text, 1, 100);
  const entries = text.split(",").map((part) => part.trim());
  for (const entry of entries) {
    if (!PROXY_NAMES.includes(entry) && !isAddressOrCidr(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be false, true, a hop count or a comma list of addresses/CIDRs (bad: '${entry}')`,
      );
    }
  }
  return Object.freeze(entries);
}

function isAddressOrCidr(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
