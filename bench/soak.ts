// npm run soak: SOAK_SECONDS (default 600) of mixed load on a spawned `folio serve`, an
// import every 30 s, the server's RSS and open fds read from /proc every 10 s (no hooks
// inside the server), p99 from the load process. Prints a table and a verdict on trend.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { runFolio, startFolio } from "../test/helpers/cli.js";
import { writeGeneratedFile } from "../test/helpers/generated.js";
import { GENERATED_POSTS, table, verdict, type Sample } from "./soak-report.js";

const SECONDS = Number(process.env.SOAK_SECONDS ?? "600");
const RATE = process.env.SOAK_RATE ?? "2000";
const WINDOW = 10;
const IMPORT_EVERY_MS = 30_000;
const dir = fileURLToPath(new URL("../../bench/data/soak/", import.meta.url));
const LOAD = fileURLToPath(new URL("./soak-load.js", import.meta.url));

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const env = { DATABASE_URL: join(dir, "folio.db"), RATE_LIMIT: "0", LOG_LEVEL: "warn" };
await writeGeneratedFile(join(dir, "posts.ndjson"), GENERATED_POSTS);
const loaded = await runFolio(["import", join(dir, "posts.ndjson")], env);
if (loaded.code !== 0) throw new Error(`initial import failed: ${loaded.stderr}`);

const server = startFolio([], env);
const base = await server.address;
const pid = server.child.pid!;
// Whatever ends this process, the server it started ends with it.
process.on("exit", () => server.child.kill("SIGKILL"));
console.log(`soak: ${SECONDS} s at ${RATE} req/s (0 = as fast as possible) against ${base}`);

function processFigures() {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

let imports = 0;
let importFailures = 0;
let importing: Promise<unknown> = Promise.resolve();
const importTimer = setInterval(() => {
  const round = ++imports;
  const file = join(dir, `round-${round}.ndjson`);
  importing = writeGeneratedFile(file, 200, 0, (i) => `Round ${round} post ${i}`)
    .then(() => runFolio(["import", file], env))
    .then((res) => {
      if (res.code !== 0) importFailures++;
      rmSync(file, { force: true });
    });
}, IMPORT_EVERY_MS);

const started = performance.now();
const samples: Sample[] = [];
const load = spawn(process.execPath, [LOAD, base, String(SECONDS), String(WINDOW), RATE], {
  stdio: ["ignore", "pipe", "inherit"],
});
for await (const text of createInterface({ input: load.stdout })) {
  const w = JSON.parse(text) as Omit<Sample, "t" | "rssMb" | "fds" | "status5xx"> & {
    statuses: Record<string, number>;
    timeouts: number;
  };
  const status5xx = Object.entries(w.statuses)
    .filter(([code]) => code.startsWith("5"))
    .reduce((n, [, count]) => n + count, 0);
  const t = Math.round((performance.now() - started) / 1000);
  const sample = { ...w, t, errors: w.errors + w.timeouts, status5xx, ...processFigures() };
  samples.push(sample);
  console.log(table([sample]).split("\n").at(-1));
}
clearInterval(importTimer);
await importing;
const last = (await (await fetch(`${base}/v1/posts/pst_gen_0`)).json()) as { title: string };
server.child.kill("SIGTERM");
const exitCode = await server.exited;

console.log(`\n${table(samples)}\n`);
console.log(`imports: ${imports} run, ${importFailures} failed; pst_gen_0 now '${last.title}'`);
console.log(`folio serve exited with ${exitCode} after SIGTERM`);
for (const line of verdict(samples)) console.log(line);
