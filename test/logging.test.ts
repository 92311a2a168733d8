// The process log buffers lines off the request's path; whatever ends the process short of
// SIGKILL must still write them out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const logging = fileURLToPath(new URL("../src/logging.js", import.meta.url));

/** Lines a child writes through processLog (10 small ones, well under the 4 KiB chunk). */
function linesWritten(ending: string): number {
  const script = `import pino from "pino";
    const { processLog } = await import(${JSON.stringify(logging)});
    const log = processLog("info", false);
    const logger = pino({ level: "info" }, log.options.stream);
    for (let i = 0; i < 10; i++) logger.info({ i }, "line");
    ${ending}`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    encoding: "utf8",
  });
  return child.stdout.split("\n").filter((l) => l.includes('"msg":"line"')).length;
}

test("buffered log lines are written when the process exits", () => {
  assert.equal(linesWritten("process.exit(1);"), 10);
});

test("buffered log lines are written when an uncaught error ends the process", () => {
  assert.equal(linesWritten('throw new Error("fatal");'), 10);
});

test("the buffer holds the lines until 4 KiB have gathered (a SIGKILL loses them)", () => {
  assert.equal(linesWritten('process.kill(process.pid, "SIGKILL");'), 0);
});

test("a reader that stops reading costs a bounded buffer: the lines past it are dropped and counted", async () => {
  const script = `import pino from "pino";
    const { processLog, logTotals, LOG_BUFFER_BYTES } = await import(${JSON.stringify(logging)});
    const log = processLog("info", false);
    const logger = pino({ level: "info" }, log.options.stream);
    const before = process.memoryUsage().rss;
    const pad = "x".repeat(300);
    // 90 MB of lines, several times the buffer, to a pipe nobody reads.
    for (let i = 0; i < 300_000; i++) {
      logger.info({ i, pad }, "line");
      if (i % 10_000 === 0) await new Promise((r) => setImmediate(r));
    }
    // What the waiting lines hold, not garbage a collection has yet to free.
    globalThis.gc();
    const { rss, heapUsed } = process.memoryUsage();
    const result = { grown: rss - before, heapUsed, dropped: logTotals.dropped, bound: LOG_BUFFER_BYTES };
    process.stderr.write("RESULT " + JSON.stringify(result) + "\\n");`;
  const child = spawn(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const result = await new Promise<Record<"grown" | "heapUsed" | "dropped" | "bound", number>>(
    (resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d;
        const line = /^RESULT (.*)$/m.exec(stderr);
        if (line) resolve(JSON.parse(line[1]!));
      });
      child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    },
  );
  // Now read, so that the child's last lines can be written and it can exit.
  child.stdout.resume();
  await new Promise((resolve) => child.once("exit", resolve));
  assert.ok(result.dropped > 100_000, `${result.dropped} lines dropped`);
  // Unbounded, the waiting lines took 148 MB of heap and 167 MB of RSS here.
  assert.ok(result.heapUsed < 3 * result.bound, `${result.heapUsed} bytes of heap in use`);
  assert.ok(result.grown < 6 * result.bound, `the process grew ${result.grown} bytes`);
  assert.equal(stderr.match(/not taking log lines/g)?.length, 1, "said once, on stderr");
});
