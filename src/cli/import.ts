import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { ConfigError, loadConfig, parseInteger } from "../config.js";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_RECORDS,
  importNdjson,
  type ImportSummary,
} from "../import/run-import.js";
import type { PostStore } from "../store/post-store.js";
import { UsageError, parse } from "./args.js";
import { progressPrinter } from "./progress.js";
import { DEFAULT_SHOWN_PER_KIND, rejectionLog } from "./rejection-log.js";
import { openMigratedStore } from "./store.js";

export const importCommand = {
  summary: "load publications, authors and posts from an NDJSON file",
  help: `Usage: folio import FILE|- [--partial] [--max-bytes N] [--max-records N] [--show-errors N]

Reads one JSON record per line (publication, author or post) from FILE, or from
standard input with -, plain or gzip-compressed. Records are upserts by id.

  --partial         write the good records even when some lines are bad
  --max-bytes N     stop (writing nothing) when the input, decompressed, passes N bytes
                    (default: IMPORT_MAX_BYTES or ${DEFAULT_MAX_BYTES}, 8 GiB)
  --max-records N   stop (writing nothing) past N records
                    (default: IMPORT_MAX_RECORDS or ${DEFAULT_MAX_RECORDS})
  --show-errors N   print the first N bad lines of each field, then a count (default ${DEFAULT_SHOWN_PER_KIND})

Without --partial the file is all or nothing: one bad line and nothing is written.
A bad line is listed as 'line N: field: reason'.
Exit code: 0 all written, 1 nothing written, 3 written with bad lines (--partial).`,
  async run(args: string[]): Promise<number> {
    const { values, positionals } = parse(args, IMPORT_OPTIONS, 1);
    const file = positionals[0];
    if (file === undefined) throw new UsageError("import needs a FILE, or - for standard input");
    const limits = importLimits(values, process.env);
    const input = file === "-" ? process.stdin : await openFile(file);
    const store = await openMigratedStore(loadConfig());
    try {
      const summary = await runImport(store, input, values.partial === true, limits);
      printSummary(summary);
      if (!summary.committed) return 1;
      return summary.rejected > 0 ? 3 : 0;
    } finally {
      await store.close();
    }
  },
};

const IMPORT_OPTIONS = {
  partial: { type: "boolean" },
  "max-bytes": { type: "string" },
  "max-records": { type: "string" },
  "show-errors": { type: "string" },
} as const;

export interface ImportLimits {
  maxBytes: number;
  maxRecords: number;
  shownPerKind: number;
}

/** Flags first, then the environment, then the defaults; a bad number is a usage error. */
export function importLimits(
  values: Partial<Record<"max-bytes" | "max-records" | "show-errors", string>>,
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

const DEFAULT_LIMITS: ImportLimits = {
  maxBytes: DEFAULT_MAX_BYTES,
  maxRecords: DEFAULT_MAX_RECORDS,
  shownPerKind: DEFAULT_SHOWN_PER_KIND,
};

export async function runImport(
  store: PostStore,
  input: Readable,
  partial: boolean,
  limits: ImportLimits = DEFAULT_LIMITS,
) {
  const progress = progressPrinter();
  const log = rejectionLog((line) => progress.line(line), limits.shownPerKind);
  try {
    const summary = await importNdjson(store, input, {
      ...{ partial, maxBytes: limits.maxBytes, maxRecords: limits.maxRecords },
      onRejection: log.onRejection,
      onProgress: (p) =>
        progress.update(`read ${p.read}, written ${p.written}, rejected ${p.rejected}`),
      onUnknownType: (type) =>
        progress.line(`note: unknown ${type.replace(":", " type ")} kept as text`),
    });
    log.untold().forEach((line) => progress.line(line));
    return summary;
  } finally {
    progress.done();
  }
}

async function openFile(path: string): Promise<Readable> {
  try {
    // Opened first so a missing or unreadable file is one clear error, not a stream error later.
    // The stream owns the handle, so it stays open for as long as the import reads.
    const handle = await open(path, "r");
    return handle.createReadStream({ highWaterMark: 1024 * 1024 });
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

export function printSummary(s: ImportSummary): void {
  const counted = (counts: Record<string, number>) =>
    Object.entries(counts).map(([name, n]) => `${name} ×${n}`);
  const unknown = counted(s.unknownTypes);
  const ignored = counted(s.unknownFields);
  if (s.stopped !== undefined) {
    console.log(
      `import stopped: ${s.stopped} (raise --max-bytes/IMPORT_MAX_BYTES or --max-records/IMPORT_MAX_RECORDS if the input is genuine)`,
    );
  }
  console.log(
    `read ${s.read} records, wrote ${s.written}, rejected ${s.rejected} in ${s.seconds.toFixed(2)} s` +
      (unknown.length > 0 ? `; unknown types kept as text: ${unknown.join(", ")}` : "") +
      (ignored.length > 0 ? `; unknown fields ignored: ${ignored.join(", ")}` : ""),
  );
  if (!s.committed && s.stopped === undefined) {
    console.log("nothing was written (use --partial to write the good records)");
  } else if (!s.committed) console.log("nothing was written");
}
