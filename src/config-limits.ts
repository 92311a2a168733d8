// The environment knobs of what a slow, greedy or lying client may cost this
// process (docs/security.md). Read once by loadConfig, like every other setting.
import { isIP } from "node:net";
import { ConfigError, parseInteger } from "./config.js";
import { setting, type VariableName } from "./config-schema.js";

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
  VariableName,
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
