// The reads table, printed and written into bench/RESULTS.md (its own section, replaced);
// replaceSection does the same for other benchmarks' sections (bench/writes.ts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { FOREIGN_CORES, QUIET_LOAD, loadCell, type Quietness } from "./quiet.js";

export interface Row {
  name: string;
  ceilingRps: number;
  folioRps: number;
  ratio: number;
  /** The same ratio for the BENCH_BEFORE build, measured in the same rounds. */
  beforeRatio?: number;
  p50: number;
  p99: number;
  errors: number;
  quiet: Quietness;
}

const RESULTS = "bench/RESULTS.md";
const HEADING = "## Reads: Folio against the node:http ceiling";

export function writeReadsSection(
  rows: Row[],
  facts: Record<string, string>,
  machine: string,
): void {
  const round = (ms: number) => Math.round(ms * 100) / 100;
  // A busy machine's ratio is not a result: the row keeps its req/s and says why it is void.
  const ratio = (r: Row, value: number | undefined) =>
    value === undefined ? "" : r.quiet.void ? "void" : value.toFixed(2);
  const table = [
    "| case | ceiling req/s | Folio req/s | ratio | before: ratio | Folio p50 ms | Folio p99 ms | load (1 min) | other CPU (cores) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.ceilingRps)} | ${Math.round(r.folioRps)} | ${ratio(r, r.ratio)} | ${ratio(r, r.beforeRatio)} | ${round(r.p50)} | ${round(r.p99)} | ${loadCell(r.quiet)} | ${r.quiet.foreignCores.toFixed(2)} |` +
        (r.errors > 0 ? ` (${r.errors} errors)` : ""),
    ),
  ].join("\n");
  const voids = rows
    .filter((r) => r.quiet.void)
    .map((r) => `- void: ${r.name}: ${r.quiet.void}`)
    .join("\n");
  const rule = `A ratio is void when the 1-minute load average before the case was above ${QUIET_LOAD} per core (the bench waits for it to settle first) or when processes outside the benchmark used more than ${FOREIGN_CORES} cores on average while it ran; the load after a case is mostly its own.`;
  const factLines = Object.entries(facts)
    .map(([k, v]) => `- ${k}: ${v}`)
    .join("\n");
  // A partial run (BENCH_ONLY) keeps its own section: it must not replace the whole table.
  const only = process.env.BENCH_ONLY;
  const heading = only ? `${HEADING} (BENCH_ONLY=${only})` : HEADING;
  const section = `${heading}\n\n\`npm run bench\`, ${new Date().toISOString().slice(0, 10)}. ${machine}.\nThe ceiling is a bare node:http server replaying Folio's recorded bytes for the same requests; the loader runs in a separate process; ceiling and Folio (and the "before" build, when given) alternate. ${rule}\n\n${table}\n\n${voids ? `${voids}\n` : ""}${factLines}\n`;
  console.log(`\n${section}`);
  replaceSection(heading, section);
}

/** Puts `section` (which starts with `heading`) in place of that section, or at the end. */
export function replaceSection(heading: string, section: string): void {
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "# Benchmark results\n";
  const start = previous.indexOf(`${heading}\n`);
  const end = start === -1 ? -1 : previous.indexOf("\n## ", start + heading.length);
  const next =
    start === -1
      ? `${previous.trimEnd()}\n\n${section}`
      : `${previous.slice(0, start)}${section}${end === -1 ? "" : previous.slice(end)}`;
  writeFileSync(RESULTS, next);
}
