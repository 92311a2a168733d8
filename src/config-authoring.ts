// The environment knobs of the authoring API, read once by loadConfig.
import { parseInteger } from "./config-parse.js";
import { setting } from "./config-schema.js";

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
