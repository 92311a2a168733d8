// REDIS_URL: per-client rate-limit counters kept in Redis, so every node and worker counts
// against one limit (N processes would otherwise allow N × RATE_LIMIT). Redis out of reach
// must cost availability nothing: each process then counts alone, says so once, and goes
// back to the shared count when Redis answers again.
import { createRequire } from "node:module";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type * as IORedis from "ioredis";
import type { RedisSettings } from "../../config/index.js";
import { MemoryCounter, type Hit, type LimitCounter } from "./rate-limit.js";

/** Loaded only where REDIS_URL is set: a process without Redis never pays for the client. */
const redisClient = () => (createRequire(import.meta.url)("ioredis") as typeof IORedis).Redis;

/** Atomically: count this request, start the window on the first, report count and time left. */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/**
 * The counter for protect(): Redis when `redis` is set (connected before the app is ready,
 * closed with it), else undefined (the in-process default).
 */
export function sharedCounter(
  app: FastifyInstance,
  redis: RedisSettings | undefined,
): LimitCounter | undefined {
  if (redis === undefined) return undefined;
  // One connection per app, whichever limits (per address, per key) count through it.
  const known = counters.get(app);
  if (known !== undefined) return known;
  const counter = new RedisCounter(redis, app.log);
  counters.set(app, counter);
  app.addHook("onReady", () => counter.connected);
  app.addHook("onClose", async () => counter.close());
  return counter;
}

const counters = new WeakMap<FastifyInstance, RedisCounter>();

class RedisCounter implements LimitCounter {
  private readonly redis: IORedis.Redis;
  private readonly local = new MemoryCounter();
  private readonly where: string;
  private shared = true;
  private closing = false;
  /** Settles once the first connection attempt has, so the first requests are shared too. */
  readonly connected: Promise<void>;

  constructor(
    private readonly settings: RedisSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.where = new URL(settings.url).host;
    this.redis = new (redisClient())(settings.url, {
      // Fail a command at once while disconnected, rather than queue it behind a request.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: settings.timeoutMs,
      // Requests never wait for a connection (they count locally until it is ready), so a long
      // bound costs them nothing; a short one misfires when the event loop is busy while the
      // app starts: the timer runs before the socket's connect is seen, and a Redis that
      // answered is taken for unreachable.
      connectTimeout: 10_000,
      retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
    });
    this.redis.on("error", (error: Error) => this.fallBack(error.message));
    this.redis.on("close", () => this.fallBack("connection closed"));
    this.redis.on("ready", () => this.sharedAgain());
    this.connected = new Promise<void>((resolve) => {
      this.redis.once("ready", resolve);
      this.redis.once("error", () => resolve());
    });
  }

  hit(key: string, windowMs: number, now: number): Hit | Promise<Hit> {
    // Until the first connection, or while reconnecting: this process counts alone.
    if (this.redis.status !== "ready") return this.local.hit(key, windowMs, now);
    const redisKey = `${this.settings.keyPrefix}rate:${key}`;
    return this.redis.eval(COUNT, 1, redisKey, windowMs).then(
      (reply) => {
        this.sharedAgain();
        const [count, ttl] = reply as [number, number];
        return { count, resetAt: now + Math.max(0, ttl) };
      },
      (error: Error) => {
        this.fallBack(error.message);
        return this.local.hit(key, windowMs, now);
      },
    );
  }

  close(): void {
    this.closing = true;
    this.redis.disconnect();
  }

  /** Redis answers (again): after an outage or a slow answer, say once that it is used. */
  private sharedAgain(): void {
    if (this.shared) return;
    this.shared = true;
    this.log.info(`rate limits shared again through Redis at ${this.where}`);
  }

  /** One warning per outage, however many requests and reconnection attempts it spans. */
  private fallBack(reason: string): void {
    if (!this.shared || this.closing) return;
    this.shared = false;
    this.log.warn(
      `rate limits counted per process: Redis at ${this.where} unreachable (${reason})`,
    );
  }
}
