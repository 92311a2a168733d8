// The benchmark's witness of a busy machine: CPU used outside its own process tree voids a
// case, and the bench's own children do not count against it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { watch } from "../../bench/quiet.js";

const BUSY = "const end = Date.now() + Number(process.argv[1]); while (Date.now() < end);";

test("a busy process outside the bench's tree voids the case", async () => {
  const done = watch();
  // The shell starts the loop in the background and exits: the loop is orphaned, as any
  // process the bench did not start is.
  const sh = spawn("sh", ["-c", `"${process.execPath}" -e '${BUSY}' 1500 >/dev/null 2>&1 &`]);
  await once(sh, "exit");
  await new Promise((r) => setTimeout(r, 1600));
  const quiet = done();
  assert.ok(quiet.foreignCores > 0.5, `foreign cores ${quiet.foreignCores}`);
  assert.match(quiet.void ?? "", /other processes used/);
});

test("the bench's own children are its work, not another's", async () => {
  const done = watch();
  // A fixed amount of work, whatever else the machine runs; the child reports its own CPU.
  const work = `let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7;
    const u = process.cpuUsage(); console.log((u.user + u.system) / 1e6, x > 0);`;
  const child = spawn(process.execPath, ["-e", work]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d));
  await once(child, "exit");
  const quiet = done();
  const childSeconds = Number(out.split(" ")[0]);
  assert.ok(childSeconds > 0.1, `the child used ${childSeconds} s`);
  // Clock ticks are 10 ms; the child's own count is finer.
  assert.ok(
    quiet.ownSeconds >= childSeconds - 0.05,
    `own ${quiet.ownSeconds} s, child ${childSeconds} s`,
  );
});
