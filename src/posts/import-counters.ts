// Running totals of every import this process has run, whoever started it (the CLI, the
// demo loader of `serve`, a test). Plain numbers at module level on purpose: a metrics
// registry belongs to one app, an import to none, so each registry reads these at scrape
// time instead of the import knowing about registries. A CLI import is its own short-lived
// process, so its totals end with it; its summary line is its record.

/** What an import has done so far: lines read, records written and rejected. */
interface ImportCounts {
  read: number;
  written: number;
  rejected: number;
}

export const importTotals: ImportCounts & { runs: number } = {
  runs: 0,
  read: 0,
  written: 0,
  rejected: 0,
};

export function countImport(summary: ImportCounts): void {
  importTotals.runs++;
  importTotals.read += summary.read;
  importTotals.written += summary.written;
  importTotals.rejected += summary.rejected;
}
