// `npm start` as a newcomer runs it: stopping npm (a signal to npm alone, or Ctrl-C to the
// whole terminal's process group) must stop the server, not orphan it on its port.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

/** A liveness bound, not a measurement: the server's own shutdown deadline is 10 s. */
const STOP_WAIT_MS = 15_000;
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function startNpm(dir: string): { child: ChildProcess; address: Promise<URL> } {
  const child = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    // Its own process group, so a test can signal the group as a terminal's Ctrl-C does.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: join(dir, "folio.db") },
  });
  let output = "";
  const address = new Promise<URL>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      output += d;
      const match = /serving .* at (http:\/\/\S+)/.exec(output);
      if (match) resolve(new URL(match[1]!));
    });
    child.stderr!.on("data", (d: Buffer) => (output += d));
    child.on("exit", (code) => reject(new Error(`npm start exited (${code}): ${output}`)));
  });
  return { child, address };
}

/** True when something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

const stops = {
  "SIGTERM to npm": (child: ChildProcess) => child.kill("SIGTERM"),
  "SIGINT to npm": (child: ChildProcess) => child.kill("SIGINT"),
  "Ctrl-C (SIGINT to the process group)": (child: ChildProcess) =>
    process.kill(-child.pid!, "SIGINT"),
};

describe("npm start", () => {
  for (const [how, stop] of Object.entries(stops)) {
    test(`${how} stops the server and frees its port`, async (t) => {
      const dir = mkdtempSync(join(tmpdir(), "folio-npm-start-"));
      const { child, address } = startNpm(dir);
      const exited = new Promise((resolve) => child.on("exit", resolve));
      t.after(() => {
        // Whatever is left of the group, should the assertion below have failed.
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone: the expected case
        }
        rmSync(dir, { recursive: true, force: true });
      });
      const port = Number((await address).port);
      assert.equal((await fetch(new URL("/healthz", await address))).status, 200);
      stop(child);
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_WAIT_MS, false)]);
      assert.ok(stopped, `npm start still running ${STOP_WAIT_MS} ms after ${how}`);
      // The server closes its listener before npm can exit: nothing may still listen.
      assert.equal(await listening(port), false, `port ${port} still served after npm exited`);
    });
  }
});
