// The ceilings of an import and its threads: flags first, then
// the environment, then the defaults; a bad number is a usage error.
import { availableParallelism } from "node:os";
import { ConfigError, parseInteger } from "../config.js";
import { mediaLimits } from "../config-desk.js";
import { setting } from "../config-schema.js";
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

/** More threads than this would only queue behind each other on any machine Folio runs on. */
const MAX_IMPORT_THREADS = 64;

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
    given === undefined ? fallback : integer(flag, given, min, Number.MAX_SAFE_INTEGER);
  const threadCount = (flag: string, given: string | undefined, fallback: number) => {
    if (given === undefined) return fallback;
    if (given.trim() !== "auto") return integer(flag, given, 1, MAX_IMPORT_THREADS);
    return Math.min(availableParallelism(), MAX_IMPORT_THREADS);
  };
  const maxBytes = number("IMPORT_MAX_BYTES", env.IMPORT_MAX_BYTES, DEFAULT_MAX_BYTES, 1);
  const maxRecords = number("IMPORT_MAX_RECORDS", env.IMPORT_MAX_RECORDS, DEFAULT_MAX_RECORDS, 1);
  const threads = threadCount("IMPORT_THREADS", setting(env, "IMPORT_THREADS"), 1);
  const desk = mediaLimits(env);
  return {
    media: { maxBytes: desk.mediaMaxBytes, maxPixels: desk.mediaMaxPixels },
    maxBytes: number("--max-bytes", values["max-bytes"], maxBytes, 1),
    maxRecords: number("--max-records", values["max-records"], maxRecords, 1),
    shownPerKind: number("--show-errors", values["show-errors"], DEFAULT_SHOWN_PER_KIND, 0),
    threads: threadCount("--threads", values.threads, threads),
  };
}

function integer(flag: string, given: string, min: number, max: number): number {
  try {
    return parseInteger(flag, given, min, max);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
