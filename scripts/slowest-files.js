// A node:test reporter beside the usual one: at the end of a run it names the test files that
// took longest, so the suite's time can be spent where it goes. A file's time is the sum of
// its top-level tests' (they run one after another), without its process's start.
import { relative } from "node:path";

const SHOWN = 12;

export default async function* slowestFiles(source) {
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || file === undefined) continue;
    byFile.set(file, (byFile.get(file) ?? 0) + (details.duration_ms ?? 0));
  }
  if (byFile.size === 0) return;
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  yield `\n# the ${slowest.length} slowest of ${byFile.size} files (${(total / 1000).toFixed(0)} s of tests in all)\n`;
  for (const [file, ms] of slowest) {
    yield `#   ${(ms / 1000).toFixed(1).padStart(6)} s  ${relative(process.cwd(), file)}\n`;
  }
}
