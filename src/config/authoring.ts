// The authoring API: write bodies, write rates, and how often counted page views are stored.
import { parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

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

const setting = settingOf(AUTHORING_VARIABLES);

export interface AuthoringSettings {
  /** Largest write body accepted; a larger one is 413. */
  readonly maxBodyBytes: number;
  /** Writes per minute per API key, counted per process; 0 = off. */
  readonly writeRateLimit: number;
  /** How often counted page views are written to the store. */
  readonly viewsFlushMs: number;
}

const MiB = 1024 * 1024;

export function authoringSettings(env: NodeJS.ProcessEnv): AuthoringSettings {
  return Object.freeze({
    maxBodyBytes: parseInteger("MAX_BODY_BYTES", setting(env, "MAX_BODY_BYTES"), 1024, 64 * MiB),
    writeRateLimit: parseInteger(
      "WRITE_RATE_LIMIT",
      setting(env, "WRITE_RATE_LIMIT"),
      0,
      1_000_000_000,
    ),
    viewsFlushMs: parseInteger("VIEWS_FLUSH_MS", setting(env, "VIEWS_FLUSH_MS"), 10, 600_000),
  });
}
