// Runs every compiled test file with node:test. A directory or glob argument
// behaves differently across Node 20, 22 and 24, so the list is built here.
// The HTTP suite then runs a second time with per-client rate limiting on (at a limit the
// tests never reach): every request takes one path, and it must answer the same either way.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith(".test.js") ? [path] : [];
  });
}

function run(files, env = {}) {
  if (files.length === 0) return 0;
  const options = { stdio: "inherit", env: { ...process.env, ...env } };
  // A test that hangs fails after 5 minutes instead of holding CI until its own limit.
  const args = ["--test", "--test-timeout=300000", ...files];
  return spawnSync(process.execPath, args, options).status ?? 1;
}

const filter = process.argv.slice(2);
const files = findTests("dist/test")
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .sort();
const http = files.filter((f) => f.startsWith(join("dist", "test", "http")));
// The limiter's own suite sets its limits itself.
const limited = http.filter((f) => !f.includes("protection"));
const first = run(files);
if (limited.length > 0) console.log(`\n# the HTTP suite again, with rate limiting on`);
const second = run(limited, { FOLIO_TEST_RATE_LIMIT: "1000000" });
process.exit(first || second);
