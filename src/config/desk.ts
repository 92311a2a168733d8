// The writer's desk: sign-in invites, sessions, and the images writers upload (also the
// limits `folio import` holds an image line to).
import { parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

export const DESK_VARIABLES = [
  {
    name: "DESK_INVITE_TTL_MS",
    fallback: String(24 * 3600 * 1000),
    meaning:
      "how long a `npx folio desk invite` link may be used (a day); it signs in once ([docs/desk.md](docs/desk.md))",
  },
  {
    name: "DESK_SESSION_IDLE_MS",
    fallback: String(7 * 24 * 3600 * 1000),
    meaning: "a desk session unused this long (a week) has ended",
  },
  {
    name: "DESK_SESSION_MAX_MS",
    fallback: String(30 * 24 * 3600 * 1000),
    meaning: "a desk session ends this long (30 days) after its sign-in, however active",
  },
  {
    name: "MEDIA_MAX_BYTES",
    fallback: String(20 * 1024 * 1024),
    meaning:
      "largest image upload (20 MiB); a larger one is `413`; `npx folio import` holds an image line's sizes to it too",
    alsoImport: true,
  },
  {
    name: "MEDIA_MAX_PIXELS",
    fallback: String(40_000_000),
    meaning:
      "most pixels (width × height, 40 megapixels) an uploaded image may have; read from its header and refused with `413` before it is decoded (and by `npx folio import` for an image line)",
    alsoImport: true,
  },
] as const satisfies readonly ConfigVariable[];

const setting = settingOf(DESK_VARIABLES);

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
