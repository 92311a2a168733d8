// The process log buffers lines off the request's path; whatever ends the process short of
// SIGKILL must still write them out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
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
