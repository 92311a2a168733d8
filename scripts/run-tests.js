// Runs every compiled test file with node:test. A directory or glob argument
// behaves differently across Node 20, 22 and 24, so the list is built here.
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

const filter = process.argv.slice(2);
const files = findTests("dist/test")
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .sort();
const result = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
process.exit(result.status ?? 1);
