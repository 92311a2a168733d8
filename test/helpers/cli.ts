// Running the real `folio` command in a child process, as a user would.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const FOLIO_BIN = fileURLToPath(new URL("../../../bin/folio.js", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runFolio(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: Buffer | string,
  cwd?: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO_BIN, ...args], {
      cwd,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A command that stops reading early (a refused input) closes the pipe: its exit code
    // and output say why, which is what the test asserts on.
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}

/** Starts `folio serve` and resolves once it prints its address. */
export function startFolio(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [FOLIO_BIN, "serve", ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const address = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const match = /serving .* at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`folio serve exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, address, exited, output: () => output };
}
