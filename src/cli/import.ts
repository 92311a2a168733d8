import { loadConfig } from "../config/index.js";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_RECORDS,
  importNdjson,
  importRecords,
  type ImportOptions,
  type ImportSummary,
} from "../import/run-import.js";
import type { PostStore } from "../store/post-store.js";
import { UsageError, parse } from "./args.js";
import { FORMATS, openExport, openNdjson, type Destination, type Source } from "./import-source.js";
import { DEFAULT_LIMITS, LIMIT_OPTIONS, importLimits, type ImportLimits } from "./import-limits.js";
import { progressPrinter } from "./progress.js";
import { DEFAULT_SHOWN_PER_KIND, rejectionLog } from "./rejection-log.js";
import { findNamedPublication, nameOf } from "./publication.js";
import { shown } from "./terminal-text.js";
import { openMigratedStore } from "./store.js";

export { importLimits } from "./import-limits.js";

export const importCommand = {
  help: `Usage: folio import FILE|- [options]
       folio import --from ${FORMATS} PATH [--publication SLUG|ID] [options]

Reads one JSON record per line (publication, author or post, and the media, apiKey and
webhookEndpoint records folio export writes) from FILE, or from standard input with -,
plain or gzip-compressed. Records are upserts by id.
With --from, converts an export instead (docs/migrate.md says what maps to what):
  ghost       Ghost's JSON export (Settings → Labs → Export)
  wordpress   WordPress's WXR file (Tools → Export)
  markdown    a folder of Markdown files with YAML or TOML front matter

  --publication SLUG|ID  (--from) the publication the posts go to: a stored one, by its
                    slug or id, is left as it is; another slug makes a new publication.
                    Without it, a new one is named after the site's title or the folder
  --partial         write the good records even when some are bad
  --max-bytes N     stop (writing nothing) when the input, decompressed, passes N bytes
                    (default: IMPORT_MAX_BYTES or ${DEFAULT_MAX_BYTES}, 8 GiB)
  --max-records N   stop (writing nothing) past N records
                    (default: IMPORT_MAX_RECORDS or ${DEFAULT_MAX_RECORDS})
  --show-errors N   print the first N bad records of each field, then a count (default ${DEFAULT_SHOWN_PER_KIND})
  --threads N       worker threads parsing and rendering posts, or auto: one per core
                    (default: IMPORT_THREADS or auto; 1: all on the main thread)

Without --partial the input is all or nothing: one bad record and nothing is written.
A bad record is listed as 'line N: field: reason' (or its file and place, with --from).
Exit code: 0 all written, 1 nothing written, 3 written with bad records (--partial).`,
  async run(args: string[]): Promise<number> {
    const { values, positionals } = parse(args, IMPORT_OPTIONS, 1);
    const path = positionals[0];
    if (path === undefined) throw new UsageError("import needs a FILE, or - for standard input");
    const text = values as Record<string, string | undefined>;
    const limits = importLimits(text, process.env);
    if (text.from === undefined && text.publication !== undefined)
      throw new UsageError("--publication goes with --from");
    // A missing NDJSON file is a usage error before any store is opened (or made).
    const ndjson = text.from === undefined ? await openNdjson(path) : undefined;
    const store = await openMigratedStore(loadConfig());
    try {
      const source =
        ndjson ?? openExport(path, text.from!, await destination(store, text.publication), limits);
      const summary = await runImport(store, source, values.partial === true, limits);
      printSummary(summary);
      if (!summary.committed) return 1;
      return summary.rejected > 0 ? 3 : 0;
    } finally {
      await store.close();
    }
  },
};

/** A stored publication named by slug or id, else the slug of a new one (or none given). */
async function destination(store: PostStore, named: string | undefined): Promise<Destination> {
  if (named === undefined) return {};
  const stored = await findNamedPublication(store, named);
  if (stored === undefined) return { publication: named };
  console.error(`folio: importing into the stored publication ${nameOf(stored)}`);
  return { into: { id: stored.id } };
}

const IMPORT_OPTIONS = {
  partial: { type: "boolean" },
  from: { type: "string" },
  publication: { type: "string" },
  ...LIMIT_OPTIONS,
} as const;

export async function runImport(
  store: PostStore,
  source: Source,
  partial: boolean,
  limits: ImportLimits = DEFAULT_LIMITS,
) {
  const progress = progressPrinter();
  const log = rejectionLog((line) => progress.line(line), limits.shownPerKind);
  const options: ImportOptions = {
    ...{ partial, maxBytes: limits.maxBytes, maxRecords: limits.maxRecords },
    threads: limits.threads,
    media: limits.media,
    onRejection: log.onRejection,
    onProgress: (p) =>
      progress.update(`read ${p.read}, written ${p.written}, rejected ${p.rejected}`),
    onUnknownType: (type) =>
      progress.line(`note: unknown ${shown(type.replace(":", " type "))} kept as text`),
  };
  try {
    const summary =
      "pipe" in source
        ? await importNdjson(store, source, options)
        : await importRecords(store, source, options);
    log.untold().forEach((line) => progress.line(line));
    return summary;
  } finally {
    progress.done();
  }
}

export function printSummary(s: ImportSummary): void {
  const counted = (counts: Record<string, number>) =>
    Object.entries(counts).map(([name, n]) => `${shown(name)} ×${n}`);
  const [unknown, ignored, skipped] = [s.unknownTypes, s.unknownFields, s.skipped].map(counted);
  if (s.stopped !== undefined) {
    const hint = s.stopped.limit
      ? " (raise --max-bytes/IMPORT_MAX_BYTES or --max-records/IMPORT_MAX_RECORDS if the input is genuine)"
      : "";
    console.log(`import stopped: ${shown(s.stopped.reason)}${hint}`);
  }
  console.log(
    `read ${s.read} records, wrote ${s.written}, rejected ${s.rejected} in ${s.seconds.toFixed(2)} s` +
      (unknown!.length > 0 ? `; unknown types kept as text: ${unknown!.join(", ")}` : "") +
      (ignored!.length > 0 ? `; unknown fields ignored: ${ignored!.join(", ")}` : "") +
      (skipped!.length > 0 ? `; skipped: ${skipped!.join(", ")}` : ""),
  );
  if (s.committed) return;
  const partialHint = s.stopped === undefined ? " (use --partial to write the good records)" : "";
  console.log(`nothing was written${partialHint}`);
}
