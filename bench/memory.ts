// `npm run bench:memory`: a server's resident memory over time on the 1M set while every read
// is a different post (50,000 posts with content in turn, so a full cache keeps evicting),
// for the cache off and the shipped bound side by side, and for another build (BEFORE, the
// root of a checkout with dist built). BENCH_MEMORY_DATABASE_URL measures another store of the
// same million posts instead (a PostgreSQL database made by bench/pg-data.ts, say), which the
// bench neither makes nor drops. Prints a Markdown table; bench/RESULTS.md is kept by hand.
import { loadavg } from "node:os";
import { join } from "node:path";
import { byId, SHIPPED, spread } from "./cases.js";
import { settle } from "./quiet.js";
import { memoryMb, startFolio } from "./servers.js";
import { sqliteDataSet } from "./sqlite-sets.js";
import { wrkLoad } from "./wrk.js";

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BEFORE = process.env.BEFORE;

const store =
  process.env.BENCH_MEMORY_DATABASE_URL ??
  (await sqliteDataSet(join("bench/data", "posts-1m.db"), 1_000_000)).path;
const paths = byId(spread(50_000, 1_000_000), true);
const servers = [
  { name: "cache off", env: { ...SHIPPED, CACHE_MAX_BYTES: "0" } },
  { name: "shipped (64 MiB)", env: SHIPPED },
  ...(BEFORE ? [{ name: `${BEFORE}, shipped`, env: SHIPPED, root: BEFORE }] : []),
];

const rows: string[] = [];
let port = 18900;
for (const server of servers) {
  await settle();
  const loadBefore = loadavg()[0]!;
  const folio = await startFolio(store, port++, server.env, server.root);
  const after: string[] = [];
  let hwm = 0;
  let served = 0;
  try {
    const start = Math.round(memoryMb(folio.child.pid!).rss);
    for (let round = 0; round < ROUNDS; round++) {
      const result = await wrkLoad(folio.url, paths, {}, SECONDS);
      if (result.notFound > 0 || result.errors > 0) throw new Error(`${server.name}: failures`);
      served += result.rps / ROUNDS;
      const m = memoryMb(folio.child.pid!);
      after.push(String(Math.round(m.rss)));
      hwm = Math.round(m.hwm);
    }
    const load = `${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`;
    const rate = Math.round(served);
    rows.push(`| ${server.name} | ${rate} | ${start} | ${after.join(" / ")} | ${hwm} | ${load} |`);
  } finally {
    await folio.stop();
  }
}

console.log(`RSS of one \`folio serve\` on the 1M set, wrk -c32 over 50,000 posts with content in turn,
after each of ${ROUNDS} rounds of ${SECONDS} s (MB):

| server | reads/s | at start | after each round | VmHWM | load (1 min) |
| --- | ---: | ---: | --- | ---: | --- |
${rows.join("\n")}`);
