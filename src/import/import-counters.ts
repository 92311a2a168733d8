// Running totals of every import this process has run, whoever started it (the CLI, the
// demo loader of `serve`, a test). Plain numbers at module level on purpose: a metrics
// registry belongs to one app, an import to none, so each registry reads these at scrape
// time instead of the import knowing about registries. A CLI import is its own short-lived
// process, so its totals end with it; its summary line is its record.
import type { ImportProgress } from "./run-import.js";

export const importTotals: ImportProgress & { runs: number } = {
  runs: 0,
  read: 0,
  written: 0,
  rejected: 0,
};

export function countImport(summary: ImportProgress): void {
  importTotals.runs++;
  importTotals.read += summary.read;
  importTotals.written += summary.written;
  importTotals.rejected += summary.rejected;
}
