// Moving a store as a user does, timed: N posts (BENCH_POSTS, default 1,000,000; the bench
// data set's documents) imported into SQLite, then `folio export --include-secrets` from
// SQLite, `folio import` of that file into PostgreSQL, the export from PostgreSQL and its
// import into a new SQLite file. Each step is its own `folio` process, timed with its peak
// resident memory by /usr/bin/time, with the load average before and after it. Each step waits
// first for the load of the one before to settle; a step that still began while the 1-minute
// load average was above QUIET_LOAD per core shared the machine with other work: it is printed
// as void, and its figures are not to be reported.
// Run: npm run bench:move (BENCH_POSTS=100000 for less).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { lines } from "./data.js";

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const FOLIO = fileURLToPath(new URL("../../bin/folio.js", import.meta.url));
const QUIET_LOAD = 0.5;

interface Step {
  seconds: number;
  peakMiB: number;
  /** os.loadavg() (1, 5 and 15 minutes) just before the step began and just after it ended. */
  loadBefore: number[];
  loadAfter: number[];
}

const showLoad = (load: number[]) => load.map((n) => n.toFixed(2)).join(" ");
const isVoid = (step: Step) => step.loadBefore[0]! > QUIET_LOAD * availableParallelism();

/** Longest wait for the machine to settle after the step before (its own load included). */
const SETTLE_MAX_MS = 10 * 60_000;

/**
 * Waits until the 1-minute load average is quiet again: each step loads the machine, and the
 * next must not start in its wake (nor in PostgreSQL's checkpoint after an import). A step
 * that began while the machine was still busy after the wait is void.
 */
async function settle(): Promise<void> {
  const until = Date.now() + SETTLE_MAX_MS;
  while (loadavg()[0]! > QUIET_LOAD * availableParallelism() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Runs `folio args`, stdout to `out` when given; resolves to wall time, peak RSS and load. */
async function folio(
  args: string[],
  databaseUrl: string,
  out?: string,
  timed = true,
): Promise<Step> {
  const stdout = out === undefined ? "ignore" : createWriteStream(out);
  if (stdout !== "ignore") await once(stdout, "open");
  if (timed) await settle();
  const loadBefore = loadavg();
  const child = spawn("/usr/bin/time", ["-f", "%e %M", process.execPath, FOLIO, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", stdout, "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const [code] = (await once(child, "close")) as [number];
  const loadAfter = loadavg();
  if (code !== 0) throw new Error(`folio ${args.join(" ")} failed (${code}): ${stderr}`);
  const [seconds, kib] = stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { seconds: seconds!, peakMiB: kib! / 1024, loadBefore, loadAfter };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const dir = mkdtempSync(join(tmpdir(), "folio-move-"));
const database = `folio_bench_move_${process.pid}`;
const pgUrl = new URL(ADMIN_URL);
pgUrl.pathname = `/${database}`;
try {
  const seed = join(dir, "seed.ndjson");
  const out = createWriteStream(seed);
  for (const line of lines(POSTS, false)) if (!out.write(line + "\n")) await once(out, "drain");
  out.end();
  await once(out, "finish");
  const [source, back] = [join(dir, "source.db"), join(dir, "back.db")];
  const [fromSqlite, fromPostgres] = [join(dir, "sqlite.ndjson"), join(dir, "postgres.ndjson")];
  // The seed is not a step: it need not wait for a quiet machine.
  await folio(["import", seed], source, undefined, false);
  await admin(`CREATE DATABASE ${database}`);
  const cores = availableParallelism();
  console.log(
    `${POSTS} posts, ${cores} cores; void: 1-minute load above ${QUIET_LOAD}/core before`,
  );
  console.log("| step | seconds | posts/s | MB/s | peak RSS (MiB) | load before | load after |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  // Each row as soon as its step ends: a run cut short still says what it measured.
  const steps: Step[] = [];
  const step = async (name: string, run: Promise<Step>, file: string) => {
    const done = await run;
    steps.push(done);
    const mb = statSync(file).size / 1e6;
    const rate = Math.round(POSTS / done.seconds);
    const label = isVoid(done) ? `${name} (void)` : name;
    console.log(
      `| ${label} | ${done.seconds.toFixed(1)} | ${rate} | ${(mb / done.seconds).toFixed(1)} | ${done.peakMiB.toFixed(0)} | ${showLoad(done.loadBefore)} | ${showLoad(done.loadAfter)} |`,
    );
  };
  await step(
    "export from SQLite",
    folio(["export", "--include-secrets"], source, fromSqlite),
    fromSqlite,
  );
  await step("import into PostgreSQL", folio(["import", fromSqlite], pgUrl.href), fromSqlite);
  await step(
    "export from PostgreSQL",
    folio(["export", "--include-secrets"], pgUrl.href, fromPostgres),
    fromPostgres,
  );
  await step("import into SQLite", folio(["import", fromPostgres], back), fromPostgres);
  const voided = steps.filter(isVoid).length;
  if (voided > 0) console.log(`${voided} of ${steps.length} steps void: do not report them.`);
} finally {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}
