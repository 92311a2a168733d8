// Processes the benchmark drives: Folio itself, the ceiling, and the loader.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import type { Recorded } from "./ceiling.js";
import { wrkLoad } from "./wrk.js";

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const FOLIO = fileURLToPath(new URL("../../bin/folio.js", import.meta.url));

export interface Running {
  url: string;
  child: ChildProcess;
  startupMs: number;
  stop(): Promise<void>;
}

function launch(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Running> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (d: Buffer) => {
      output += d;
      const match = ready.exec(output);
      if (match) {
        child.stdout!.removeAllListeners("data").resume();
        const stop = () =>
          new Promise<void>((done) => (child.once("exit", () => done()), child.kill("SIGTERM")));
        resolve({ url: match[1] ?? "", child, startupMs: performance.now() - started, stop });
      }
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before ready: ${output}`)));
  });
}

/** A Folio server; `root` names another checkout (with dist built) to measure instead. */
export function startFolio(
  databaseUrl: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
  root?: string,
) {
  const folioEnv = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMIT: "0",
    ...env,
  };
  const bin = root === undefined ? FOLIO : join(root, "bin", "folio.js");
  return launch([bin, "serve"], folioEnv, /serving .* at (http:\/\/\S+)/);
}

export async function startCeiling(answers: Record<string, Recorded>, port: number, file: string) {
  writeFileSync(file, JSON.stringify(answers));
  const running = await launch([here("ceiling.js"), file, String(port)], {}, /ceiling (ready)/);
  return { ...running, url: `http://127.0.0.1:${port}` };
}

/** Folio's exact answer (status, headers, raw bytes) for one request, for the ceiling to replay. */
export function record(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const kept = Object.entries(res.headers).filter(
          ([k]) => !["date", "connection", "keep-alive"].includes(k),
        );
        const flat = Object.fromEntries(kept.map(([k, v]) => [k, String(v)]));
        resolve({
          status: res.statusCode ?? 0,
          headers: flat,
          body: Buffer.concat(chunks).toString("base64"),
        });
      });
    })
      .on("error", reject)
      .end();
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  notFound: number;
  errors: number;
}

let specs = 0;

/** The loader: wrk where it is installed (BENCH_LOADER=autocannon to choose the other). */
export const LOADER =
  process.env.BENCH_LOADER ?? (spawnSync("wrk", ["--version"]).error ? "autocannon" : "wrk");

export function load(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  if (LOADER === "wrk") return wrkLoad(url, paths, headers, seconds);
  return autocannonLoad(url, paths, headers, seconds);
}

function autocannonLoad(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
) {
  // Thousands of paths do not fit in an argument list: the spec goes through a file.
  const file = join(tmpdir(), `folio-load-${process.pid}-${specs++}.json`);
  writeFileSync(file, JSON.stringify({ url, paths, headers, seconds, connections: 32 }));
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, [here("load.js"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", () => rmSync(file, { force: true }));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`loader exited ${code}`)),
    );
  });
}

/** A process's resident memory now and at its highest (VmRSS, VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), hwm: mb("VmHWM") };
}

export const rssMb = (pid: number): number => memoryMb(pid).rss;
