// Runs every compiled test file with node:test, each file in a process of its own, several at
// once. A directory or glob argument behaves differently across Node 20, 22 and 24, so the list
// is built here; and the files are scheduled here rather than by `node --test`, which can run
// only one list with one environment at a time: the whole suite is one pool, the second HTTP
// pass and the browser suites inside it, so no core waits for a phase's last file.
// The HTTP suites of what routes answer run a second time with per-client rate limiting on (at
// a limit the tests never reach): every request takes one path, and it must answer the same
// either way.
// `--quick` (npm run test:quick) is the inner loop: SQLite only, no browser, one pass.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { clearTimeout, setTimeout } from "node:timers";

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith(".test.js") ? [path] : [];
  });
}

// A file spends much of its time waiting (on PostgreSQL, a child process, a timer, an editor's
// pause), so one more file than there are cores keeps the cores busy; FOLIO_TEST_CONCURRENCY
// sets another number.
const CAPACITY = Number(process.env.FOLIO_TEST_CONCURRENCY) || availableParallelism() + 1;
/** A file that hangs fails after this long instead of holding CI until its own limit. */
const FILE_TIMEOUT_MS = 10 * 60_000;
const HERE = dirname(fileURLToPath(import.meta.url));
const SUMMARY = join(HERE, "test-summary.js");
const GROUP = join(HERE, "test-group.js");
/** How many files share a process at most. */
const GROUP_SIZE = 6;

const inTest = (path) => join("dist", "test", `${path}.test.js`);
// Checks of time or load run one at a time with nothing beside them, after the rest: load
// shedding's "recovers" saw 503s with three files on 2 cores (a starved machine, not Folio),
// hidden and missing posts answer in equal time, a stalled client is cut at its deadline, and
// a change reaches another node within a second.
const ALONE = new Set(
  [
    ...["http/protection", "http/timing", "http/stalled-clients", "http/authoring-auth"],
    ...["store/authoring-nodes", "store/postgres-nodes", "cli/coherence", "bench/quiet"],
  ].map(inTest),
);

const quick = process.argv.includes("--quick");
const filter = process.argv.slice(2).filter((arg) => arg !== "--quick");
const uses = (file, pattern) => pattern.test(readFileSync(file, "utf8"));
const BROWSER = /playwright-core|chromium\.js|in-browser\.js/;
/** Whether the file or a test module it imports, at any depth, matches the pattern. */
function reaches(file, pattern, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  if (pattern.test(text)) return true;
  return [...text.matchAll(/from "(\.{1,2}\/[^"]+\.js)"/g)].some(([, spec]) => {
    const path = join(dirname(file), spec);
    return (
      path.startsWith(join("dist", "test")) && existsSync(path) && reaches(path, pattern, seen)
    );
  });
}
/** What the scheduler needs to know of a file, read once. */
const facts = new Map();
function factsOf(file) {
  let known = facts.get(file);
  if (known === undefined) {
    const browser = reaches(file, BROWSER);
    const starts = reaches(file, /"node:child_process"/);
    const postgres = uses(file, /postgresFactory|createDatabase/);
    known = {
      /** Drives Chromium itself (not through a helper): one such file at a time. */
      ownBrowser: uses(file, BROWSER),
      /** Needs a process of its own: it reaches Chromium or starts processes. */
      own: browser || starts,
      /**
       * What a quick run leaves out: files that reach Chromium or start processes (the CLI's
       * suites, the import's threads, the packed client), themselves or through a helper, and
       * files that need PostgreSQL by name. Each started process loads Folio again.
       */
      slow: browser || starts || postgres,
      /**
       * What it costs, roughly, to start the longest first: a browser, a started `folio` or
       * PostgreSQL each make a file slower than its length says.
       */
      estimate: statSync(file).size * (1 + (browser ? 4 : 0) + (starts ? 2 : 0) + +postgres),
    };
    facts.set(file, known);
  }
  return known;
}

// The second pass is for what routes answer: the suites of other mechanisms (the limiter's
// own, which sets its limits itself; logging, metrics, parsing, timing, property runs) answer
// the same with the limiter on and are not run twice.
const OTHER_MECHANISMS = new Set(
  [
    ...["protection", "rate-limit", "shared-rate-limit", "shared-write-limit", "metrics"],
    ...["openapi", "authoring-openapi", "request-parsing", "request-logger", "ops", "timing"],
    ...["stalled-clients", "access-log", "logging", "malformed-http", "limits", "failures"],
    ...["hostile-property", "paging-property", "authoring-concurrency", "route-table"],
    "list-bytes",
  ].map((name) => inTest(`http/${name}`)),
);

/**
 * A job is one process: its files, in one environment. A file that drives Chromium itself or
 * starts processes has a process of its own. The others share one with a few more: loading
 * Folio and compiling its routes (about a second of CPU) is paid once for them, not once each;
 * so do the files of ALONE, which run one after another anyway.
 */
function jobsOf(list, env = {}, suffix = "") {
  const job = (group) => ({
    files: group,
    env,
    suffix,
    browser: group.some((file) => factsOf(file).ownBrowser),
    alone: group.some((file) => ALONE.has(file)),
    estimate: group.reduce((sum, file) => sum + factsOf(file).estimate, 0),
  });
  const own = (file) => factsOf(file).own;
  const alone = list.filter((file) => ALONE.has(file));
  const rest = list.filter((file) => !ALONE.has(file));
  const shared = rest
    .filter((file) => !own(file))
    .sort((a, b) => factsOf(b).estimate - factsOf(a).estimate);
  // Dealt out longest first, so the groups come out about equally long.
  const groups = Array.from({ length: Math.ceil(shared.length / GROUP_SIZE) }, () => []);
  shared.forEach((file, i) => groups[i % groups.length].push(file));
  if (alone.length > 0) groups.push(alone);
  return [...rest.filter(own).map((file) => job([file])), ...groups.map(job)];
}

const files = findTests("dist/test")
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .filter((f) => !quick || !factsOf(f).slow)
  .sort();
const jobs = quick
  ? jobsOf(files, { FOLIO_TEST_STORES: "sqlite" })
  : [
      ...jobsOf(files),
      ...jobsOf(
        files.filter((f) => f.startsWith(join("dist", "test", "http")) && !OTHER_MECHANISMS.has(f)),
        { FOLIO_TEST_RATE_LIMIT: "1000000" },
        " (rate limiting on)",
      ),
    ];
if (quick) {
  console.log(
    "# quick: SQLite only, no browser, no child process, no second HTTP pass; `npm test` runs them all",
  );
}

const outputs = mkdtempSync(join(tmpdir(), "folio-tests-"));
const running = new Set();
let made = 0;

/** Runs one job's files in a process of their own; resolves to what it did. */
function start(job) {
  const id = ++made;
  const spec = join(outputs, `${id}.txt`);
  const summary = join(outputs, `${id}.jsonl`);
  const args = [
    ...["--test-reporter=spec", `--test-reporter-destination=${spec}`],
    ...[`--test-reporter=${SUMMARY}`, `--test-reporter-destination=${summary}`],
    ...(job.files.length === 1 ? job.files : [GROUP, ...job.files]),
  ];
  const began = performance.now();
  // Its own process group, so a timeout or an interrupt also ends what the file started.
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...job.env },
    detached: true,
  });
  let stray = "";
  const keep = (chunk) => (stray += chunk);
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill(child);
  }, FILE_TIMEOUT_MS);
  running.add(child);
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const text = existsSync(spec) ? readFileSync(spec, "utf8") : "";
      const lines = existsSync(summary) ? readFileSync(summary, "utf8").split("\n") : [];
      const records = lines.filter(Boolean).map((line) => JSON.parse(line));
      resolve({
        job,
        ok: code === 0 && !timedOut,
        why: timedOut
          ? `timed out after ${FILE_TIMEOUT_MS / 60_000} min`
          : `exit ${code ?? signal}`,
        seconds: (performance.now() - began) / 1000,
        text: text + stray,
        records,
      });
    });
  });
}

function kill(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) kill(child);
    process.exit(130);
  });
}

/** The pool: the longest-looking files first, the browser's as early as they may start. */
async function runPool(list) {
  const queue = [...list].sort(
    (a, b) => Number(b.browser) - Number(a.browser) || b.estimate - a.estimate,
  );
  const results = [];
  let used = 0;
  let browsing = false;
  await new Promise((done) => {
    const fill = () => {
      for (let i = 0; i < queue.length; i++) {
        const job = queue[i];
        const weight = job.browser ? 2 : 1;
        if (used + weight > CAPACITY && used > 0) continue;
        if (job.browser && browsing) continue;
        queue.splice(i--, 1);
        used += weight;
        if (job.browser) browsing = true;
        void start(job).then((result) => {
          used -= weight;
          if (job.browser) browsing = false;
          report(result);
          results.push(result);
          fill();
        });
      }
      if (queue.length === 0 && used === 0) done();
    };
    fill();
  });
  return results;
}

/** node:test's closing figures of one file; the run's are added up at its end. */
const FIGURES = /^ℹ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+\n/gm;

const labelOf = (job) => `${job.files.join(" ")}${job.suffix}`;

function report(result) {
  const mark = result.ok ? "" : ` — FAILED (${result.why})`;
  const at = (performance.now() - began) / 1000;
  console.log(
    `\n# ${labelOf(result.job)} (${result.seconds.toFixed(1)} s, done at ${at.toFixed(0)} s)${mark}`,
  );
  process.stdout.write(result.text.replace(FIGURES, ""));
}

const began = performance.now();
const results = await runPool(jobs.filter((job) => !job.alone));
const alone = jobs.filter((job) => job.alone);
if (alone.length > 0) console.log(`\n# the suites of time and load, one at a time`);
for (const job of alone) {
  const result = await start(job);
  report(result);
  results.push(result);
}
rmSync(outputs, { recursive: true, force: true });

const totals = new Map();
for (const { records } of results) {
  for (const { count, n } of records.filter((record) => record.count !== undefined))
    totals.set(count, (totals.get(count) ?? 0) + n);
}
const figure = (name) => totals.get(name) ?? 0;
const wall = (performance.now() - began) / 1000;
console.log(
  `\n# ${files.length} files in ${results.length} processes, ${CAPACITY} at a time, ${wall.toFixed(0)} s: ` +
    `${figure("tests")} tests, ${figure("pass")} passed, ${figure("fail")} failed, ` +
    `${figure("skipped")} skipped, ${figure("cancelled")} cancelled, ${figure("todo")} todo`,
);
/** A file's time is the sum of its top-level tests' (they run one after another). */
const byFile = new Map();
for (const { job, records } of results) {
  for (const { file, ms } of records.filter((record) => record.test !== undefined)) {
    const key = `${relative(process.cwd(), file)}${job.suffix}`;
    byFile.set(key, (byFile.get(key) ?? 0) + ms);
  }
}
console.log(`# the 12 slowest files:`);
for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`#   ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
const failed = results.filter((result) => !result.ok);
for (const { job, why, records } of failed) {
  const tests = records.filter((record) => record.outcome === "fail");
  console.log(`# FAILED (${why}): ${labelOf(job)}`);
  for (const { file, test } of tests) console.log(`#   ${relative(process.cwd(), file)}: ${test}`);
}
process.exit(failed.length > 0 ? 1 : 0);
