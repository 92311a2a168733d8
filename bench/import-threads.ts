// `npm run bench:import-threads`: `folio import` of POSTS posts with ~5 KB Markdown
// bodies (make-ndjson's `markdown` set), run as a user runs it — a child process reading the
// file into a fresh store — at each IMPORT_THREADS of THREADS, and with BEFORE (the root of
// another checkout, built) for the code before the pool. Reports wall time, the rate, the CPU
// time and the peak RSS of each run (GNU time), and the load average, as the machine is shared.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { lines } from "./data.js";

const POSTS = Number(process.env.POSTS ?? 100_000);
/** 1 up to the core count unless THREADS says otherwise ("1,2,4"). */
const THREADS =
  process.env.THREADS?.split(",") ??
  Array.from({ length: availableParallelism() }, (_, i) => String(i + 1));
const BEFORE = process.env.BEFORE;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Run {
  name: string;
  root: string;
  threads: string;
}

async function writeFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines(POSTS, true)) {
    if (!out.write(line + "\n")) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

function measure(run: Run, file: string, dir: string) {
  const db = join(dir, `${run.name.replace(/\W+/g, "-")}.db`);
  const timing = join(dir, "time.txt");
  const load = loadavg()[0]!;
  const child = spawnSync(
    "/usr/bin/time",
    ["-f", "%e %U %S %M", "-o", timing, process.execPath, join(run.root, "bin/folio.js")].concat([
      "import",
      file,
    ]),
    { env: { ...process.env, DATABASE_URL: db, IMPORT_THREADS: run.threads }, encoding: "utf8" },
  );
  if (child.status !== 0) throw new Error(`${run.name} failed: ${child.stdout}${child.stderr}`);
  const [wall, user, sys, rssKb] = readFileSync(timing, "utf8").trim().split(/\s+/).map(Number);
  const records = Number(/read (\d+) records/.exec(child.stdout)?.[1]);
  return {
    ...{ name: run.name, wall: wall!, cpu: user! + sys!, rssMb: rssKb! / 1024 },
    ...{ rate: POSTS / wall!, records, load: `${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}` },
  };
}

const dir = mkdtempSync(join(tmpdir(), "folio-bench-threads-"));
try {
  const file = process.env.FILE ?? join(dir, "posts.ndjson");
  if (process.env.FILE === undefined) await writeFile(file);
  const runs: Run[] = [
    ...(BEFORE ? [{ name: "before (in-thread)", root: BEFORE, threads: "1" }] : []),
    ...THREADS.map((threads) => ({ name: `IMPORT_THREADS=${threads}`, root: ROOT, threads })),
  ];
  const rows = [];
  for (const run of runs) {
    const row = measure(run, file, dir);
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  const base = rows[0]!.rate;
  console.log(`\n${POSTS} posts (~5 KB Markdown each), SQLite, \`folio import FILE\`\n`);
  console.log("| run | wall s | posts/s | × first | CPU s | peak RSS MB | load avg (1 min) |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows) {
    const cells = [r.name, r.wall.toFixed(1), Math.round(r.rate), (r.rate / base).toFixed(2)];
    cells.push(r.cpu.toFixed(1), Math.round(r.rssMb), r.load);
    console.log(`| ${cells.join(" | ")} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
