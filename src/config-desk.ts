// The environment knobs of the writer's desk and its uploads, read once by loadConfig.
import { parseInteger } from "./config-parse.js";
import { setting } from "./config-schema.js";

export interface DeskSettings {
  /** How long an invite link may be used. */
  readonly inviteTtlMs: number;
  /** A session unused this long has ended. */
  readonly sessionIdleMs: number;
  /** A session ends this long after its sign-in. */
  readonly sessionMaxMs: number;
  /** Largest upload accepted; a larger one is 413. */
  readonly mediaMaxBytes: number;
  /** Most pixels an upload may declare; more is 413, before decoding. */
  readonly mediaMaxPixels: number;
}

const MINUTE = 60_000;
const YEAR = 365 * 24 * 60 * MINUTE;
const MiB = 1024 * 1024;

export function deskSettings(env: NodeJS.ProcessEnv): DeskSettings {
  return Object.freeze({
    inviteTtlMs: parseInteger(
      "DESK_INVITE_TTL_MS",
      setting(env, "DESK_INVITE_TTL_MS"),
      MINUTE,
      YEAR,
    ),
    sessionIdleMs: parseInteger(
      "DESK_SESSION_IDLE_MS",
      setting(env, "DESK_SESSION_IDLE_MS"),
      MINUTE,
      YEAR,
    ),
    sessionMaxMs: parseInteger(
      "DESK_SESSION_MAX_MS",
      setting(env, "DESK_SESSION_MAX_MS"),
      MINUTE,
      YEAR,
    ),
    ...mediaLimits(env),
  });
}

/** The upload limits alone: `folio import` holds an image line to them without the desk's rest. */
export function mediaLimits(
  env: NodeJS.ProcessEnv,
): Pick<DeskSettings, "mediaMaxBytes" | "mediaMaxPixels"> {
  return {
    mediaMaxBytes: parseInteger(
      "MEDIA_MAX_BYTES",
      setting(env, "MEDIA_MAX_BYTES"),
      1024,
      512 * MiB,
    ),
    mediaMaxPixels: parseInteger(
      "MEDIA_MAX_PIXELS",
      setting(env, "MEDIA_MAX_PIXELS"),
      1,
      1_000_000_000,
    ),
  };
}
