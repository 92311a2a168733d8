// The wrk loader (Debian's `wrk`): one thread, cheaper per request than autocannon, which
// costs the client a whole core on a two-core machine and so flatters the ratio. The paths
// rotate through a Lua script; the result has the same shape as the autocannon loader's.
// wrkPost sends JSON bodies that differ per request only in a numbered title (the authoring
// benchmark's creates: every post gets a title, and so a slug, of its own).
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoadResult } from "./servers.js";

let scripts = 0;

function luaScript(paths: string[], headers: Record<string, string>): string {
  const list = paths.map((p) => JSON.stringify(p)).join(",\n");
  const set = Object.entries(headers)
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join("\n");
  return `${set}
local paths = {${list}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;
}

/** Milliseconds from wrk's "1.23ms" / "456.00us" / "1.2s". */
function ms(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? "");
  if (m === null) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000 }[m[2] as "us" | "ms" | "s"];
  return Math.round(Number(m[1]) * scale * 100) / 100;
}

export function parseWrk(out: string): LoadResult {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const total = num(/(\d+) requests in/);
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
    p99: ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
    ok: total - non2xx,
    notFound: non2xx,
    errors,
  };
}

export function wrkLoad(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  timeoutSeconds?: number,
): Promise<LoadResult> {
  return runWrk(url, luaScript(paths, headers), seconds, 32, timeoutSeconds);
}

export interface PostSpec {
  path: string;
  headers: Record<string, string>;
  /** Request n's title is `${titlePrefix} ${n}`. */
  titlePrefix: string;
  /** The rest of the JSON object after the title: `"status":…,"markdown":…}`. */
  tail: string;
}

function postScript(spec: PostSpec): string {
  const set = Object.entries(spec.headers)
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join("\n");
  if (spec.tail.includes("]==]")) throw new Error("the body cannot go in a Lua long string");
  const head = JSON.stringify(`{"title":${JSON.stringify(spec.titlePrefix).slice(0, -1)} `);
  return `${set}
local head = ${head}
local tail = [==[${spec.tail}]==]
local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", ${JSON.stringify(spec.path)}, nil, head .. n .. '",' .. tail)
end
`;
}

/** POSTs from `connections` connections for `seconds` (one wrk thread, 30 s timeout). */
export function wrkPost(
  url: string,
  spec: PostSpec,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  return runWrk(url, postScript(spec), seconds, connections, 30);
}

function runWrk(
  url: string,
  script: string,
  seconds: number,
  connections: number,
  /** wrk's own default is 2 s: a slower answer is a timeout, left out of the latencies. */
  timeoutSeconds?: number,
): Promise<LoadResult> {
  const file = join(tmpdir(), `folio-wrk-${process.pid}-${scripts++}.lua`);
  writeFileSync(file, script);
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", file, url];
  if (timeoutSeconds !== undefined) args.splice(3, 0, `-T${timeoutSeconds}s`);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      rmSync(file, { force: true });
      if (code === 0) resolve(parseWrk(out));
      else reject(new Error(`wrk exited ${code}`));
    });
  });
}
