// The local Redis for the suites that need one (REDIS_TEST_URL overrides). Like PostgreSQL:
// without one a laptop skips those suites with one line; CI (CI=true) fails instead.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

/** A connection for a test's own checks and clean-up (closed by the caller). */
export function testRedis(url = REDIS_TEST_URL): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
  });
  redis.on("error", () => {});
  return redis;
}

/** A key prefix no other test (or machine sharing this Redis) uses. */
export const uniquePrefix = () => `folio-test:${process.pid}:${randomBytes(4).toString("hex")}:`;

let checked: Promise<boolean> | undefined;

async function reachable(): Promise<boolean> {
  const redis = testRedis();
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    const message = `Redis not reachable at ${new URL(REDIS_TEST_URL).host} (${(error as Error).message})`;
    if (process.env.CI === "true") throw new Error(`${message}: required on CI (CI=true)`);
    console.log(`${message}: Redis suites skipped`);
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether the Redis suites run here. */
export function redisAvailable(): Promise<boolean> {
  return (checked ??= reachable());
}
