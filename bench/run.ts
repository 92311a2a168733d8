// npm run bench: Folio against a bare node:http ceiling serving Folio's own bytes, case by
// case, alternating the two servers in one run; writes bench/RESULTS.md's "Reads" section.
import { mkdirSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchCases, type Case, type DataSet } from "./cases.js";
import { atSchemaVersion, sqliteDataSet } from "./sqlite-sets.js";
import { postgresDataSet } from "./pg-data.js";
import { writeReadsSection, type Row } from "./report.js";
import { settle, watch } from "./quiet.js";
import { runWriteBenches } from "./writes.js";
import {
  LOADER,
  load,
  record,
  rssMb,
  startCeiling,
  startFolio,
  type LoadResult,
  type Running,
} from "./servers.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Another checkout (dist built) to measure beside this one on the 1k cases: "before". */
const BEFORE = process.env.BENCH_BEFORE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATA_DIR = "bench/data";
const work = join(tmpdir(), `folio-bench-${process.pid}`);
mkdirSync(work, { recursive: true });
mkdirSync(DATA_DIR, { recursive: true });

/** The 1k set for an older build (BENCH_BEFORE_VERSION, default 10: before stored bytes). */
const beforeCopy = (path: string) =>
  atSchemaVersion(path, join(work, "1k-before.db"), Number(process.env.BENCH_BEFORE_VERSION ?? 10));

const dataSet = (name: Exclude<DataSet, "1k-pg">) =>
  name === "1k"
    ? sqliteDataSet(join(work, "1k.db"), 1000)
    : sqliteDataSet(join(DATA_DIR, "posts-1m.db"), 1_000_000);

const mean = (runs: LoadResult[], key: keyof LoadResult) =>
  runs.reduce((s, r) => s + r[key], 0) / runs.length;

async function measure(
  folio: Running,
  c: Case,
  port: number,
  before: Running | undefined,
): Promise<Row> {
  const paths = c.resolve ? await c.resolve(folio.url) : c.paths;
  // A few at a time: Folio drops a client's connections past MAX_CONNECTIONS_PER_CLIENT.
  const answers: Record<string, Awaited<ReturnType<typeof record>>> = {};
  for (let i = 0; i < paths.length; i += 16) {
    const chunk = paths.slice(i, i + 16);
    const recorded = await Promise.all(chunk.map((p) => record(folio.url, p, c.headers)));
    chunk.forEach((p, j) => (answers[`${c.headers["accept-encoding"] ?? ""} ${p}`] = recorded[j]!));
  }
  const ceiling = await startCeiling(answers, port, join(work, "answers.json"));
  await settle();
  const done = watch(c.data === "1k-pg" ? ["postgres"] : []);
  const runs = {
    ceiling: [] as LoadResult[],
    folio: [] as LoadResult[],
    before: [] as LoadResult[],
  };
  try {
    // Warm-up: JIT, and the cache where it is on.
    for (const server of [folio, ceiling, before]) {
      if (server) await load(server.url, paths, c.headers, 1);
    }
    for (let round = 0; round < ROUNDS; round++) {
      runs.ceiling.push(await load(ceiling.url, paths, c.headers, SECONDS));
      runs.folio.push(await load(folio.url, paths, c.headers, SECONDS));
      if (before) runs.before.push(await load(before.url, paths, c.headers, SECONDS));
    }
  } finally {
    await ceiling.stop();
  }
  const quiet = done();
  const [ceilingRps, folioRps] = [mean(runs.ceiling, "rps"), mean(runs.folio, "rps")];
  const beforeRps = before ? mean(runs.before, "rps") : undefined;
  const errors = runs.folio.reduce((s, r) => s + r.errors, 0);
  return {
    name: c.name,
    ceilingRps,
    folioRps,
    ratio: folioRps / ceilingRps,
    ...(beforeRps === undefined ? {} : { beforeRatio: beforeRps / ceilingRps }),
    p50: mean(runs.folio, "p50"),
    p99: mean(runs.folio, "p99"),
    errors,
    quiet,
  };
}

/** The import row: bench/import-threads.ts, at each IMPORT_THREADS up to the cores. */
const IMPORT_ROW = "import, 100,000 posts with 5 KB Markdown, by IMPORT_THREADS";

function runImportThreads(): void {
  console.log(`\n${IMPORT_ROW} (${BEFORE ? `before: ${BEFORE}` : "no BENCH_BEFORE"})`);
  const script = join(dirname(fileURLToPath(import.meta.url)), "import-threads.js");
  const env = { ...process.env, ...(BEFORE ? { BEFORE } : {}) };
  const { status } = spawnSync(process.execPath, [script], { stdio: "inherit", env });
  if (status !== 0) throw new Error(`the import benchmark failed (exit ${status})`);
}

const rows: Row[] = [];
const facts: Record<string, string> = {};
let port = 18700;
/** BENCH_ONLY=a|b runs only the cases whose name contains a or b (and builds only their data). */
const only = (process.env.BENCH_ONLY ?? "").split("|");
const cases = benchCases().filter((c) => only.some((part) => c.name.includes(part)));

async function runReads(): Promise<void> {
  const needs1m = cases.some((c) => c.data === "1m");
  const needsPg = cases.some((c) => c.data === "1k-pg");
  const sets = {
    "1k": await dataSet("1k"),
    "1m": needs1m ? await dataSet("1m") : undefined,
    "1k-pg": needsPg ? await postgresDataSet(1000) : undefined,
  };
  if (sets["1m"]) {
    facts["import rate (1M posts, SQLite, through the full import path)"] =
      `${sets["1m"].postsPerSecond} posts/s (built ${sets["1m"].built})`;
  }
  facts["import rate (1k posts, this run)"] = `${sets["1k"].postsPerSecond} posts/s`;
  let current: { key: string; folio: Running; before?: Running } | undefined;
  for (const c of cases) {
    const env = { ...(c.cache ? {} : { CACHE_MAX_BYTES: "0" }), ...c.env };
    const key = `${c.data}/${JSON.stringify(env)}`;
    if (current?.key !== key) {
      await current?.folio.stop();
      await current?.before?.stop();
      const folio = await startFolio(sets[c.data]!.path, port++, env);
      const before =
        BEFORE !== undefined && c.data === "1k"
          ? await startFolio(beforeCopy(sets["1k"].path), port++, env, BEFORE)
          : undefined;
      current = { key, folio, ...(before ? { before } : {}) };
      facts[`start-up to listening, ${c.data} posts${c.cache ? "" : ", cache off"}`] =
        `${Math.round(folio.startupMs)} ms`;
    }
    const row = await measure(current.folio, c, port++, current.before);
    rows.push(row);
    const verdict = row.quiet.void ? `void: ${row.quiet.void}` : row.ratio.toFixed(2);
    console.log(
      `${c.name}: ceiling ${Math.round(row.ceilingRps)}, folio ${Math.round(row.folioRps)} req/s (${verdict})`,
    );
    if (c.data === "1m")
      facts[`RSS after "${c.name}" (1M posts)`] =
        `${rssMb(current.folio.child.pid!).toFixed(0)} MB`;
  }
  await current?.folio.stop();
  await current?.before?.stop();
  await sets["1k-pg"]?.drop();
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${LOADER} (1 thread), ${SECONDS} s × ${ROUNDS} rounds per server, 32 connections${BEFORE ? `; "before": ${BEFORE}` : ""}`;
  writeReadsSection(rows, facts, machine);
}

if (cases.length > 0) await runReads();
await runWriteBenches(only, work, port + 100);
if (only.some((part) => IMPORT_ROW.includes(part))) runImportThreads();
rmSync(work, { recursive: true, force: true });
