// A reader that stops early (`folio openapi | head -c 100`) closes the pipe under the command:
// it ends quietly with exit 0, as Unix tools do, not with an EPIPE stack trace.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { FOLIO_BIN } from "../helpers/cli.js";

/** Runs folio, closes its standard output after the first chunk, and reports how it ended. */
function closedEarly(
  args: string[],
): Promise<{ code: number | null; stderr: string; read: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO_BIN, ...args], {
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let read = 0;
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.once("data", (chunk: Buffer) => {
      read = chunk.length;
      child.stdout.destroy();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr, read }));
  });
}

test("a closed pipe ends folio openapi quietly with exit 0", async () => {
  const { code, stderr, read } = await closedEarly(["openapi"]);
  // The document is larger than a pipe holds, so the command was still writing when the
  // pipe closed: the write after that is the one that meets EPIPE.
  const whole = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [FOLIO_BIN, "openapi"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let bytes = 0;
    child.stdout.on("data", (d: Buffer) => (bytes += d.length));
    child.on("close", () => resolve(bytes));
  });
  assert.ok(read < whole, `read ${read} of ${whole} bytes before closing`);
  assert.ok(whole > 65_536 * 2, "the document outgrows a pipe's buffer");
  assert.equal(stderr, "");
  assert.equal(code, 0);
});

test("head -c 100 after folio openapi: exit 0 and nothing on standard error", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-pipe-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const errors = join(dir, "stderr");
  const script = `"$0" "$1" openapi 2>"$2" | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$2"`;
  const child = spawn("bash", ["-c", script, process.execPath, FOLIO_BIN, errors], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((resolve) => child.on("close", resolve));
  assert.equal(out, "0\n");
});
