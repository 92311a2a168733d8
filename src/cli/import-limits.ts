// The ceilings of an import and its threads: flags first, then the environment (config/),
// then the defaults; a bad number is a usage error.
import { mediaLimits } from "../config/desk.js";
import { importSettings, parseThreads } from "../config/import.js";
import { ConfigError, parseInteger } from "../config/index.js";
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from "../import/records.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORDS } from "../import/run-import.js";
import { UsageError } from "./args.js";
import { DEFAULT_SHOWN_PER_KIND } from "./rejection-log.js";

export interface ImportLimits {
  maxBytes: number;
  maxRecords: number;
  shownPerKind: number;
  /** Worker threads deriving content; 1: none, all on the main thread. */
  threads: number;
  /** What an image line may hold: the desk's own upload limits. */
  media: MediaLimits;
}

export const LIMIT_OPTIONS = {
  "max-bytes": { type: "string" },
  "max-records": { type: "string" },
  "show-errors": { type: "string" },
  threads: { type: "string" },
} as const;

export const DEFAULT_LIMITS: ImportLimits = {
  maxBytes: DEFAULT_MAX_BYTES,
  maxRecords: DEFAULT_MAX_RECORDS,
  shownPerKind: DEFAULT_SHOWN_PER_KIND,
  threads: 1,
  media: DEFAULT_MEDIA_LIMITS,
};

export function importLimits(
  values: Partial<Record<keyof typeof LIMIT_OPTIONS, string>>,
  env: NodeJS.ProcessEnv,
): ImportLimits {
  const number = (flag: string, given: string | undefined, fallback: number, min: number) =>
    given === undefined
      ? fallback
      : usage(() => parseInteger(flag, given, min, Number.MAX_SAFE_INTEGER));
  const fromEnv = usage(() => importSettings(env));
  const desk = mediaLimits(env);
  const threads = values.threads;
  return {
    media: { maxBytes: desk.mediaMaxBytes, maxPixels: desk.mediaMaxPixels },
    maxBytes: number("--max-bytes", values["max-bytes"], fromEnv.maxBytes, 1),
    maxRecords: number("--max-records", values["max-records"], fromEnv.maxRecords, 1),
    shownPerKind: number("--show-errors", values["show-errors"], DEFAULT_SHOWN_PER_KIND, 0),
    threads:
      threads === undefined ? fromEnv.threads : usage(() => parseThreads("--threads", threads)),
  };
}

/** A bad value is the command's usage error, naming the flag or variable. */
function usage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
