import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { loadConfig } from "../config.js";
import { formatRejection, importNdjson, type ImportSummary } from "../import/run-import.js";
import type { PostStore } from "../store/post-store.js";
import { UsageError, parse } from "./args.js";
import { progressPrinter } from "./progress.js";
import { openMigratedStore } from "./store.js";

export const importCommand = {
  summary: "load publications, authors and posts from an NDJSON file",
  help: `Usage: folio import FILE|- [--partial]

Reads one JSON record per line (publication, author or post) from FILE, or from
standard input with -, plain or gzip-compressed. Records are upserts by id.

  --partial   write the good records even when some lines are bad

Without --partial the file is all or nothing: one bad line and nothing is written.
Every bad line is listed as 'line N: field: reason'.
Exit code: 0 all written, 1 nothing written, 3 written with bad lines (--partial).`,
  async run(args: string[]): Promise<number> {
    const { values, positionals } = parse(args, { partial: { type: "boolean" } }, 1);
    const file = positionals[0];
    if (file === undefined) throw new UsageError("import needs a FILE, or - for standard input");
    const input = file === "-" ? process.stdin : await openFile(file);
    const store = await openMigratedStore(loadConfig());
    try {
      const summary = await runImport(store, input, values.partial === true);
      printSummary(summary);
      if (!summary.committed) return 1;
      return summary.rejected > 0 ? 3 : 0;
    } finally {
      await store.close();
    }
  },
};

export async function runImport(store: PostStore, input: Readable, partial: boolean) {
  const progress = progressPrinter();
  try {
    return await importNdjson(store, input, {
      partial,
      onRejection: (r) => progress.line(formatRejection(r)),
      onProgress: (p) =>
        progress.update(`read ${p.read}, written ${p.written}, rejected ${p.rejected}`),
      onUnknownType: (type) =>
        progress.line(`note: unknown ${type.replace(":", " type ")} kept as text`),
    });
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
  const unknown = Object.entries(s.unknownTypes).map(([t, n]) => `${t} ×${n}`);
  console.log(
    `read ${s.read} records, wrote ${s.written}, rejected ${s.rejected} in ${s.seconds.toFixed(2)} s` +
      (unknown.length > 0 ? `; unknown types kept as text: ${unknown.join(", ")}` : ""),
  );
  if (!s.committed) console.log("nothing was written (use --partial to write the good records)");
}
