// `folio import` and `folio rerender`: how much an import may read, and its worker threads.
// The flags that override these are the command's (cli/import-limits.ts).
import { availableParallelism } from "node:os";
import { parseInteger } from "./parse.js";
import { settingOf, type ConfigVariable } from "./variable.js";

/** An import's ceilings when neither a flag nor the environment sets them. */
export const DEFAULT_MAX_BYTES = 8 * 1024 ** 3;
export const DEFAULT_MAX_RECORDS = 10_000_000;

export const IMPORT_VARIABLES = [
  {
    name: "IMPORT_MAX_BYTES",
    fallback: String(DEFAULT_MAX_BYTES),
    meaning:
      "`npx folio import`: bytes (8 GiB) read after decompression before the import stops, writing nothing (`--max-bytes`)",
    importOnly: true,
  },
  {
    name: "IMPORT_MAX_RECORDS",
    fallback: String(DEFAULT_MAX_RECORDS),
    meaning:
      "`npx folio import`: records read before the import stops, writing nothing (`--max-records`)",
    importOnly: true,
  },
  {
    name: "IMPORT_THREADS",
    fallback: "auto",
    meaning:
      "`npx folio import` and `npx folio rerender`: worker threads parsing and rendering posts while the main thread writes (`--threads`); `auto`: one per core (`os.availableParallelism()`); `1`: all on the main thread, as before",
    importOnly: true,
  },
] as const satisfies readonly ConfigVariable[];

const setting = settingOf(IMPORT_VARIABLES);

/** More threads than this would only queue behind each other on any machine Folio runs on. */
export const MAX_IMPORT_THREADS = 64;

export interface ImportSettings {
  readonly maxBytes: number;
  readonly maxRecords: number;
  /** Worker threads deriving content; 1: none, all on the main thread. */
  readonly threads: number;
}

export function importSettings(env: NodeJS.ProcessEnv): ImportSettings {
  const count = (name: "IMPORT_MAX_BYTES" | "IMPORT_MAX_RECORDS") =>
    parseInteger(name, setting(env, name), 1, Number.MAX_SAFE_INTEGER);
  return {
    maxBytes: count("IMPORT_MAX_BYTES"),
    maxRecords: count("IMPORT_MAX_RECORDS"),
    threads: parseThreads("IMPORT_THREADS", setting(env, "IMPORT_THREADS")),
  };
}

/** A thread count, or `auto`: one per core. */
export function parseThreads(name: string, value: string): number {
  if (value.trim() === "auto") return Math.min(availableParallelism(), MAX_IMPORT_THREADS);
  return parseInteger(name, value, 1, MAX_IMPORT_THREADS);
}
