// The ceilings of an import (issue 16 item 8): flags first, then the environment, then the
// defaults; a bad number is a usage error.
import { ConfigError, parseInteger } from "../config.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORDS } from "../import/run-import.js";
import { UsageError } from "./args.js";
import { DEFAULT_SHOWN_PER_KIND } from "./rejection-log.js";

export interface ImportLimits {
  maxBytes: number;
  maxRecords: number;
  shownPerKind: number;
}

export const LIMIT_OPTIONS = {
  "max-bytes": { type: "string" },
  "max-records": { type: "string" },
  "show-errors": { type: "string" },
} as const;

export const DEFAULT_LIMITS: ImportLimits = {
  maxBytes: DEFAULT_MAX_BYTES,
  maxRecords: DEFAULT_MAX_RECORDS,
  shownPerKind: DEFAULT_SHOWN_PER_KIND,
};

export function importLimits(
  values: Partial<Record<keyof typeof LIMIT_OPTIONS, string>>,
  env: NodeJS.ProcessEnv,
): ImportLimits {
  const number = (flag: string, given: string | undefined, fallback: number, min: number) => {
    if (given === undefined) return fallback;
    try {
      return parseInteger(flag, given, min, Number.MAX_SAFE_INTEGER);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
  };
  const maxBytes = number("IMPORT_MAX_BYTES", env.IMPORT_MAX_BYTES, DEFAULT_MAX_BYTES, 1);
  const maxRecords = number("IMPORT_MAX_RECORDS", env.IMPORT_MAX_RECORDS, DEFAULT_MAX_RECORDS, 1);
  return {
    maxBytes: number("--max-bytes", values["max-bytes"], maxBytes, 1),
    maxRecords: number("--max-records", values["max-records"], maxRecords, 1),
    shownPerKind: number("--show-errors", values["show-errors"], DEFAULT_SHOWN_PER_KIND, 0),
  };
}
