// Runs every compiled test file with node:test. A directory or glob argument
// behaves differently across Node 20, 22 and 24, so the list is built here.
// The HTTP suites of what routes answer then run a second time with per-client rate limiting
// on (at a limit the tests never reach): every request takes one path, and it must answer the
// same either way.
// `--quick` (npm run test:quick) is the inner loop: SQLite only, no browser, one pass.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { availableParallelism } from "node:os";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith(".test.js") ? [path] : [];
  });
}

// Files run as many side by side as there are cores (FOLIO_TEST_CONCURRENCY sets another
// number), each on stores and ports of its own: a file spends much of its time waiting (on
// PostgreSQL, a child process, a timer), so two on 2 cores finish sooner than one after the
// other. The files whose checks are of time or of the machine's load run alone (ALONE).
const CONCURRENCY = Number(process.env.FOLIO_TEST_CONCURRENCY) || availableParallelism();

/** Names the slowest files after each run, so the suite's time can be spent where it goes. */
const SLOWEST = join(dirname(fileURLToPath(import.meta.url)), "slowest-files.js");

function run(files, env = {}, concurrency = CONCURRENCY) {
  if (files.length === 0) return 0;
  const options = { stdio: "inherit", env: { ...process.env, ...env } };
  // A test that hangs fails after 5 minutes instead of holding CI until its own limit.
  const args = [
    ...["--test", "--test-timeout=300000", `--test-concurrency=${concurrency}`],
    ...["--test-reporter=spec", "--test-reporter-destination=stdout"],
    ...[`--test-reporter=${SLOWEST}`, "--test-reporter-destination=stdout"],
    ...files,
  ];
  return spawnSync(process.execPath, args, options).status ?? 1;
}

const inTest = (path) => join("dist", "test", `${path}.test.js`);
// Checks of time or load, one file at a time after the rest: load shedding's "recovers" saw
// 503s with three files on 2 cores (a starved machine, not Folio), hidden and missing posts
// answer in equal time, a stalled client is cut at its deadline, and a change reaches another
// node within a second.
const ALONE = new Set(
  [
    ...["http/protection", "http/timing", "http/stalled-clients", "http/authoring-auth"],
    ...["store/authoring-nodes", "store/postgres-nodes", "cli/coherence", "bench/quiet"],
  ].map(inTest),
);
/** The files side by side, then those of ALONE one at a time: 0 when all passed. */
function runAll(list, env = {}) {
  const together = run(
    list.filter((f) => !ALONE.has(f)),
    env,
  );
  const alone = list.filter((f) => ALONE.has(f));
  if (alone.length > 0) console.log(`\n# the suites of time and load, one at a time`);
  return run(alone, env, 1) || together;
}

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
/**
 * What a quick run leaves out: files that drive Chromium or start processes (the CLI's suites,
 * the import's threads, the packed client), themselves or through a helper, and files that
 * need PostgreSQL by name. Each started process loads Folio again: most of their time.
 */
const slow = (file) =>
  reaches(file, BROWSER) ||
  reaches(file, /"node:child_process"/) ||
  uses(file, /postgresFactory|createDatabase/);
const files = findTests("dist/test")
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .filter((f) => !quick || !slow(f))
  .sort();
if (quick) {
  console.log(
    "# quick: SQLite only, no browser, no child process, no second HTTP pass; `npm test` runs them all",
  );
  process.exit(runAll(files, { FOLIO_TEST_STORES: "sqlite" }));
}
const http = files.filter((f) => f.startsWith(join("dist", "test", "http")));
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
const limited = http.filter((f) => !OTHER_MECHANISMS.has(f));
// Chromium's files run one at a time after the rest: each drives a browser that takes a core
// or more, and their "within a second" checks are checks of Folio, not of a starved machine.
// The desk's editor suites, which reach Chromium through their helper (desk/writer.ts) and
// mostly wait on the editor's pauses, run with the others.
const browser = files.filter((f) => uses(f, BROWSER));
const first = runAll(files.filter((f) => !browser.includes(f)));
if (browser.length > 0) console.log(`\n# the browser suites, one at a time`);
const inBrowser = run(browser, {}, 1);
if (limited.length > 0) console.log(`\n# the HTTP suite again, with rate limiting on`);
const second = runAll(limited, { FOLIO_TEST_RATE_LIMIT: "1000000" });
process.exit(first || inBrowser || second);
