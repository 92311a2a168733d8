// REDIS_URL: per-client rate-limit counters kept in Redis, so every node and worker counts
// against one limit (N processes would otherwise allow N × RATE_LIMIT). Redis out of reach
// must cost availability nothing: each process then counts alone, says so once, and goes
// back to the shared count when Redis answers again.
import { createRequire } from "node:module";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { RedisSettings } from "../config.js";

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type LocalStoreCtor = new (
  continueExceeding: boolean,
  backoff: boolean,
  size: number,
) => {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
};
// The limiter's own in-memory store (bounded LRU), the same one used without Redis.
const LocalStore = createRequire(import.meta.url)(
  "@fastify/rate-limit/store/LocalStore.js",
) as LocalStoreCtor;

/** Atomically: count this request, start the window on the first, report count and time left. */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/** A request waits at most this long for Redis before it is counted locally instead. */
const REDIS_TIMEOUT_MS = 250;

/**
 * @fastify/rate-limit's `store` option: counters in Redis when `redis` is set (closed with
 * the app), else nothing (the limiter's in-memory default).
 */
export async function redisStoreOption(
  app: FastifyInstance,
  redis: RedisSettings | undefined,
  localClients: number,
): Promise<{ store?: FastifyRateLimitStoreCtor }> {
  if (redis === undefined) return {};
  const shared = sharedCounter(redis, app.log, localClients);
  app.addHook("onClose", shared.close);
  await shared.connected;
  return { store: shared.store };
}

interface SharedCounter {
  store: FastifyRateLimitStoreCtor;
  /** Settles once the first connection attempt has: the first requests are shared too. */
  connected: Promise<void>;
  close(): Promise<void>;
}

function sharedCounter(
  settings: RedisSettings,
  log: FastifyBaseLogger,
  localClients: number,
): SharedCounter {
  const redis = new Redis(settings.url, {
    // Fail a command at once while disconnected, rather than queue it behind a request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
  });
  const local = new LocalStore(false, false, localClients);
  const where = new URL(settings.url).host;
  let shared = true;
  let closing = false;
  // One warning per outage, however many requests and reconnection attempts it spans.
  const fallBack = (reason: string) => {
    if (!shared || closing) return;
    shared = false;
    log.warn(`rate limits counted per process: Redis at ${where} unreachable (${reason})`);
  };
  redis.on("error", (error: Error) => fallBack(error.message));
  redis.on("close", () => fallBack("connection closed"));
  redis.on("ready", () => {
    if (!shared) log.info(`rate limits shared again through Redis at ${where}`);
    shared = true;
  });
  const key = (client: string) => `${settings.keyPrefix}rate:${client}`;
  const incr = (client: string, callback: Callback, timeWindow: number, max: number) => {
    // Until the first connection, or while reconnecting: this process counts alone.
    if (redis.status !== "ready") return local.incr(client, callback, timeWindow, max);
    redis.eval(COUNT, 1, key(client), timeWindow).then(
      (reply) => {
        const [current, ttl] = reply as [number, number];
        callback(null, { current, ttl: Math.max(0, ttl) });
      },
      (error: Error) => {
        fallBack(error.message);
        local.incr(client, callback, timeWindow, max);
      },
    );
  };
  class SharedStore implements FastifyRateLimitStore {
    incr = incr;
    child = () => this;
  }
  const connected = new Promise<void>((resolve) => {
    redis.once("ready", resolve);
    redis.once("error", () => resolve());
  });
  return {
    store: SharedStore,
    connected,
    close: async () => {
      closing = true;
      redis.disconnect();
    },
  };
}
