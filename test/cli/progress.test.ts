// Contract section 5: long imports show progress on a terminal, and only there.
import assert from "node:assert/strict";
import { test } from "node:test";
import { progressPrinter } from "../../src/cli/progress.js";

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  const stream = { isTTY, write: (text: string) => writes.push(text) > 0 };
  return { writes, stream: stream as unknown as NodeJS.WriteStream };
}

test("on a terminal, progress is one line rewritten in place, cleared before other output", () => {
  const { writes, stream } = fakeStream(true);
  const progress = progressPrinter(stream);
  progress.update("read 500");
  progress.update("read 1000"); // within 200 ms of the last: skipped
  progress.line("line 7: title: too long");
  progress.done();
  assert.deepEqual(writes, ["read 500", "\r\x1b[K", "line 7: title: too long\n"]);
});

test("off a terminal, progress is silent and only the lines that matter are printed", () => {
  const { writes, stream } = fakeStream(false);
  const progress = progressPrinter(stream);
  progress.update("read 500");
  progress.line("line 7: title: too long");
  progress.done();
  assert.deepEqual(writes, ["line 7: title: too long\n"]);
});
